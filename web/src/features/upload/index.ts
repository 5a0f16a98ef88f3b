/** The upload feature (spec 1 §4, §5, §7, §8): direct uploads to the media cloud, tracked and cancellable. */
export { uploadToMediaCloud, toUploadBlob, DEFAULT_UPLOAD_FOLDER } from './upload-to-media-cloud';
export { signUpload, mediaCloudUploadUrl } from './media-cloud-api';
export { dataUrlToBlob, isDataUrl } from './data-url';
export { startSimulatedProgress, type SimulatedProgress } from './simulated-progress';
export {
  createUploadManager,
  getUploadManager,
  type ManagedUploadOptions,
  type StartedUpload,
  type UploadEntry,
  type UploadManager,
  type UploadManagerDeps,
  type UploadManagerState,
  type UploadStatus,
} from './upload-manager';
export { useUpload, type UseUpload } from './use-upload';
export { toastNotifier, type Notifier, UPLOAD_TOASTS } from './upload-notifier';
export { isAbortError, sleep, systemTimers, type Timers, type RandomSource } from './scheduler';
export type {
  UploadDeps,
  UploadFolder,
  UploadInput,
  UploadOptions,
  UploadResourceType,
  UploadResult,
  UploadSignature,
} from './upload-types';
