/** A run's stored request and its settlement, shared by the api and the worker. */
export * from './stored-request';
export * from './settle-run';
