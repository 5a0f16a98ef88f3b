/** Isomorphic generation rules (spec 1 §1, §3–§5, §8, §9): catalogues, modes, request, errors. */
export type * from './types';
export * from './aspect-ratio';
export * from './catalogues';
export * from './catalogues/identity-phrases';
export * from './credits-text';
export * from './error-messages';
export * from './generation-errors';
export * from './modes';
export * from './prompt-enhancement';
export * from './request-schema';
export * from './seeded-random';
export * from './secure-url';
export * from './upload-retry';
export * from './providers';
