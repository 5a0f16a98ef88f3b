import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_TIMEOUT_MESSAGE } from '@app/shared';
import { hangingFetch, imageFile, json, OK_BODY, SIGNATURE, signMock } from '../../../testing/upload-test-helpers';
import { uploadToMediaCloud } from './upload-to-media-cloud';
import type { FetchLike, UploadOptions } from './upload-types';
import { useFakeTimersInEachTest } from '../../../testing/fake-timers';

/** jitter = floor(0.5 × 300) = 150 ms with this random source. */
const half = () => 0.5;

function deps(fetch: FetchLike, sign = signMock()): UploadOptions['deps'] {
  return { fetch, sign, random: half };
}

describe('uploadToMediaCloud', () => {
  useFakeTimersInEachTest();

  it('signs, then posts the multipart form to the media cloud and returns the upload result', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, OK_BODY));
    const sign = signMock();
    const result = await uploadToMediaCloud(imageFile(), { folder: 'sources', deps: deps(fetch, sign) });
    expect(result).toEqual({
      url: OK_BODY.secure_url,
      resource_type: 'image',
      width: 640,
      height: 480,
      public_id: 'sources/abc',
    });
    expect(sign).toHaveBeenCalledWith({ folder: 'sources' }, undefined);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v1_1/demo/auto/upload');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form.get('timestamp')).toBe('1700000000');
    expect(form.get('signature')).toBe('sig-123');
    expect(form.get('api_key')).toBe('key-abc');
    expect(form.get('folder')).toBe('sources');
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
  });

  it('sends users/me and a resource type when asked', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, OK_BODY));
    const sign = vi.fn(async () => ({ ...SIGNATURE, folder: 'users/u1' }));
    await uploadToMediaCloud(imageFile(), { folder: 'users/me', resourceType: 'image', deps: deps(fetch, sign) });
    expect(sign).toHaveBeenCalledWith({ folder: 'users/me', resource_type: 'image' }, undefined);
    const form = fetch.mock.calls[0]![1].body as FormData;
    expect(form.get('folder')).toBe('users/u1');
    expect(form.get('resource_type')).toBe('image');
  });

  it('checks the file first, with the messages of spec 1 §5', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, OK_BODY));
    const run = (input: Parameters<typeof uploadToMediaCloud>[0]) => uploadToMediaCloud(input, { deps: deps(fetch) });
    await expect(run(null)).rejects.toThrow('Cannot upload empty or invalid file');
    await expect(run(new Blob([], { type: 'image/png' }))).rejects.toThrow('Cannot upload empty file');
    await expect(run(new Blob([new Uint8Array(3)]))).rejects.toThrow('File type is missing');
    await expect(run(new Blob(['hi'], { type: 'text/plain' }))).rejects.toThrow('Only image or video files are supported');
    await expect(run('https://example.com/a.png')).rejects.toThrow('Non-file string passed to upload');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a data: URL as a typed file', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, OK_BODY));
    await uploadToMediaCloud('data:image/png;base64,iVBORw0KGgo=', { deps: deps(fetch) });
    const file = (fetch.mock.calls[0]![1].body as FormData).get('file') as Blob;
    expect(file.type).toBe('image/png');
    expect(file.size).toBe(8);
  });

  it('refuses a secure_url that is not https (http on localhost passes)', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, { ...OK_BODY, secure_url: 'http://media.example.com/a.png' }));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(fetch) })).rejects.toThrow(
      'Invalid secure_url from the media cloud service',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const local = vi.fn<FetchLike>(async () => json(200, { ...OK_BODY, secure_url: 'http://localhost:3000/media/a.png' }));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(local) })).resolves.toMatchObject({
      url: 'http://localhost:3000/media/a.png',
    });
  });

  it('reports the provider message, else the status text, else Unknown error', async () => {
    const provider = vi.fn<FetchLike>(async () => json(400, { error: { message: 'Invalid Signature' } }));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(provider) })).rejects.toThrow(
      'media cloud upload failed: Invalid Signature',
    );
    const statusText = vi.fn<FetchLike>(async () => json(413, undefined, 'Payload Too Large'));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(statusText) })).rejects.toThrow(
      'media cloud upload failed: Payload Too Large',
    );
    const nothing = vi.fn<FetchLike>(async () => json(400, undefined));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(nothing) })).rejects.toThrow(
      'media cloud upload failed: Unknown error',
    );
  });

  it('never retries a fatal error', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(413, { error: { message: 'File too large' } }));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(fetch) })).rejects.toThrow('File too large');
    expect(fetch).toHaveBeenCalledTimes(1);
    const unauthorized = vi.fn<FetchLike>(async () => json(401, { error: { message: 'Invalid Signature' } }));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(unauthorized) })).rejects.toThrow();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not retry an error that is neither fatal nor retryable', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(401, { error: { message: 'Stale request' } }));
    await expect(uploadToMediaCloud(imageFile(), { deps: deps(fetch) })).rejects.toThrow('Stale request');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a retryable error 3 attempts in all, waiting 1000 ms doubling plus jitter', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(500, { error: { message: 'Server error. Please try again.' } }));
    const sign = signMock();
    const done = uploadToMediaCloud(imageFile(), { deps: deps(fetch, sign) });
    const settled = done.catch((error: unknown) => error);
    // [ms to move on, attempts made by then]: the 2nd at 1000 + 150, the 3rd 2000 + 150 later, no 4th.
    const timeline = [[0, 1], [1149, 1], [1, 2], [2149, 2], [1, 3], [60_000, 3]] as const;
    for (const [ms, attempts] of timeline) {
      await vi.advanceTimersByTimeAsync(ms);
      expect(fetch).toHaveBeenCalledTimes(attempts);
    }
    expect(((await settled) as Error).message).toBe('media cloud upload failed: Server error. Please try again.');
    // Each attempt is signed afresh (a signature is only good for a while).
    expect(sign).toHaveBeenCalledTimes(3);
  });

  it('retries a network failure and succeeds', async () => {
    const fetch = vi
      .fn<FetchLike>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, OK_BODY));
    const done = uploadToMediaCloud(imageFile(), { deps: deps(fetch) });
    await vi.advanceTimersByTimeAsync(1150);
    await expect(done).resolves.toMatchObject({ url: OK_BODY.secure_url });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('times out each POST after 60 s with the exact message, retried up to 3 attempts', async () => {
    const fetch = hangingFetch();
    const settled = uploadToMediaCloud(imageFile(), { deps: deps(fetch) }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1150);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000 + 2150);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = (await settled) as Error;
    expect(error.message).toBe(UPLOAD_TIMEOUT_MESSAGE);
    expect(error.message).toBe(
      'Upload timed out after 60s. Please try again with a smaller file or check your connection.',
    );
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops at once when aborted, without a retry', async () => {
    const fetch = hangingFetch();
    const controller = new AbortController();
    const settled = uploadToMediaCloud(imageFile(), { signal: controller.signal, deps: deps(fetch) }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const error = (await settled) as Error;
    expect(error.name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('aborting during the wait before a retry stops the retry', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(503, { error: { message: 'Service Unavailable' } }));
    const controller = new AbortController();
    const settled = uploadToMediaCloud(imageFile(), { signal: controller.signal, deps: deps(fetch) }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(((await settled) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows simulated progress capped at 90 until the upload is done, then 100', async () => {
    let answer: ((response: Response) => void) | undefined;
    const fetch = vi.fn<FetchLike>(() => new Promise<Response>((resolve) => (answer = resolve)));
    const seen: number[] = [];
    let i = 0;
    const random = () => [0.99, 0.1, 0.7, 0.3][i++ % 4]!;
    const done = uploadToMediaCloud(imageFile(), {
      onProgress: (value) => seen.push(value),
      deps: { fetch, sign: signMock(), random },
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen[0]).toBe(0);
    expect(Math.max(...seen)).toBe(90);
    expect(seen.every((value, index) => index === 0 || value > seen[index - 1]!)).toBe(true);
    answer!(json(200, OK_BODY));
    await done;
    expect(seen.at(-1)).toBe(100);
    expect(seen.slice(0, -1).every((value) => value <= 90)).toBe(true);
  });
});
