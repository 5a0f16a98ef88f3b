export * from './constants';
export * from './preset-types';
export type * from './api-error';
export * from './schemas/auth';
export * from './iso-week';
export * from './generation';
