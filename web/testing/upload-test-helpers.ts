import { vi } from 'vitest';
import type { FetchLike, UploadSignature } from '../src/features/upload/upload-types';

/** Test doubles of the upload's dependencies (imported by the *.test.ts files only). */
export const SIGNATURE: UploadSignature = {
  success: true,
  timestamp: 1_700_000_000,
  signature: 'sig-123',
  apiKey: 'key-abc',
  cloudName: 'demo',
  folder: 'sources',
};

export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const OK_BODY = {
  secure_url: 'https://media.example.com/sources/abc.png',
  resource_type: 'image',
  width: 640,
  height: 480,
  public_id: 'sources/abc',
};

export function imageFile(size = 4, type = 'image/png'): Blob {
  return new Blob([new Uint8Array(size)], { type });
}

/** A fetch that never answers, but rejects like fetch does when its signal aborts. */
export function hangingFetch() {
  return vi.fn<FetchLike>(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          const error = new Error('This operation was aborted');
          error.name = 'AbortError';
          reject(error);
        });
      }),
  );
}

export function signMock() {
  return vi.fn(async () => SIGNATURE);
}
