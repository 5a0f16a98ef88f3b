/** Object storage: the port, and the local-disk and S3 implementations behind it. */
export * from './storage';
export * from './create-storage';
export * from './media-urls';
export * from './media-signature';
