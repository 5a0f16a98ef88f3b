/** Bounding concurrent work inside one process. */
export * from './semaphore';
export * from './with-timeout';
