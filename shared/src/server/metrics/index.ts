/** Prometheus metrics of every process, and the /metrics endpoint's guard. */
export * from './metrics';

