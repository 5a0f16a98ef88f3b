export * from './constants';
export * from './preset-types';
export type * from './api-error';
export * from './schemas/auth';
export * from './schemas/input';
export * from './schemas/draft-aspect-ratio';
export * from './iso-week';
export * from './generation';
