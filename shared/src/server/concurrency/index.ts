/** Bounding concurrent work inside one process. */
export * from './semaphore';
