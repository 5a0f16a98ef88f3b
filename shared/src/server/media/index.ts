/** Media bytes: sniffing, normalising, probing, ingesting, ids and removal. */
export * from './deterministic-id';
export * from './sniff';
export * from './normalize-image';
export * from './probe-video';
export * from './ingest';
export * from './remove-media';
