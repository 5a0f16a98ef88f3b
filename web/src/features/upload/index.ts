/**
 * The one upload path (spec 1 §4, §5, §7): the direct upload to the media cloud, and the upload
 * manager that tracks, cancels and toasts the composer's uploads (the intent queue follows it).
 */
export { useUpload, type UseUpload } from './use-upload';
export { createUploadManager, getUploadManager, type ManagedUploadOptions, type UploadManager, type UploadStatus } from './upload-manager';
export { uploadToMediaCloud } from './upload-to-media-cloud';
export type { UploadInput, UploadOptions, UploadResult } from './upload-types';
