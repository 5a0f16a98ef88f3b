import type { RandomSource, Timers } from '../../lib/scheduler';

/** Where an upload goes: `sources` for a first-time upload, `users/me` for profile uploads (spec 1 §7). */
export type UploadFolder = 'sources' | 'users/me' | (string & {});

export type UploadResourceType = 'image' | 'video' | 'auto';

/** What may be uploaded: a File or Blob, or a `data:` URL string. */
export type UploadInput = Blob | string | null | undefined;

/** The upload result of spec 1 §3 (the media cloud's answer, `secure_url` as `url`). */
export interface UploadResult {
  url: string;
  resource_type: string;
  width: number | null;
  height: number | null;
  public_id: string | null;
}

/** POST cloudinary-sign's answer. */
export interface UploadSignature {
  success?: boolean;
  timestamp: number | string;
  signature: string;
  apiKey: string;
  cloudName: string;
  folder?: string;
  upload_preset?: string;
}

export interface SignUploadRequest {
  folder: string;
  resource_type?: UploadResourceType;
}

export type SignUpload = (request: SignUploadRequest, signal?: AbortSignal) => Promise<UploadSignature>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Everything the upload talks to, each replaceable in tests. */
export interface UploadDeps {
  sign: SignUpload;
  fetch: FetchLike;
  timers: Timers;
  random: RandomSource;
}

export interface UploadOptions {
  folder?: UploadFolder;
  /** Sent to cloudinary-sign and in the form when given; the upload itself always goes to `auto`. */
  resourceType?: UploadResourceType;
  signal?: AbortSignal;
  /** The simulated progress of spec 1 §4, 0–100 (at most 90 until the upload is done). */
  onProgress?: (percent: number) => void;
  deps?: Partial<UploadDeps>;
}
