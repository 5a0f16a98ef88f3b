import { describe, expect, it, vi } from 'vitest';
import { createUploadManager } from './upload-manager';
import type { Notifier } from '../../components/toast/toast-notifier';
import { hangingFetch, imageFile, json, OK_BODY, signMock } from '../../../testing/upload-test-helpers';
import { uploadToMediaCloud } from './upload-to-media-cloud';
import type { FetchLike, UploadInput, UploadOptions } from './upload-types';
import { useFakeTimersInEachTest } from '../../../testing/fake-timers';

function setup(fetch: FetchLike) {
  const dismiss = vi.fn();
  const notifier = { show: vi.fn<Notifier['show']>(() => dismiss), dismiss };
  let n = 0;
  const manager = createUploadManager({
    notifier,
    createId: () => `u${(n += 1)}`,
    upload: (input: UploadInput, options: UploadOptions) =>
      uploadToMediaCloud(input, { ...options, deps: { fetch, sign: signMock(), random: () => 0.5 } }),
  });
  return { manager, notifier };
}

describe('upload manager', () => {
  useFakeTimersInEachTest();

  it('tracks an upload: uploading toast, progress, then done with the result', async () => {
    const fetch = hangingFetch();
    let answer: ((response: Response) => void) | undefined;
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { manager, notifier } = setup(fetch);
    const { id, promise } = manager.start(imageFile());
    expect(manager.getState()).toMatchObject({ isUploading: true, uploads: [{ id, status: 'uploading', progress: 0 }] });
    expect(notifier.show).toHaveBeenCalledWith('queue', { title: 'Uploading...', message: 'Please wait...' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(notifier.dismiss).not.toHaveBeenCalled();
    const progress = manager.getState().uploads[0]!.progress;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThanOrEqual(90);
    answer!(json(200, OK_BODY));
    await expect(promise).resolves.toMatchObject({ url: OK_BODY.secure_url });
    expect(manager.getState()).toMatchObject({
      isUploading: false,
      uploads: [{ id, status: 'done', progress: 100, error: null }],
    });
    expect(notifier.show).toHaveBeenCalledTimes(1);
    // The 'Uploading...' toast goes as soon as the upload is done, not 4.2 s later.
    expect(notifier.dismiss).toHaveBeenCalledTimes(1);
  });

  it('shows Upload failed / Please try again. on a failure', async () => {
    const { manager, notifier } = setup(vi.fn<FetchLike>(async () => json(400, { error: { message: 'Invalid Signature' } })));
    await expect(manager.upload(imageFile())).rejects.toThrow('media cloud upload failed: Invalid Signature');
    expect(notifier.show).toHaveBeenLastCalledWith('error', { title: 'Upload failed', message: 'Please try again.' });
    expect(manager.getState().uploads[0]).toMatchObject({
      status: 'error',
      error: 'media cloud upload failed: Invalid Signature',
    });
  });

  it('cancels one upload: its request is aborted, the others go on', async () => {
    const fetch = hangingFetch();
    const { manager, notifier } = setup(fetch);
    const first = manager.start(imageFile());
    const second = manager.start(imageFile());
    const firstOutcome = first.promise.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    manager.cancel(first.id);
    expect(((await firstOutcome) as Error).name).toBe('AbortError');
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(true);
    expect(fetch.mock.calls[1]![1].signal?.aborted).toBe(false);
    expect(manager.getState().uploads.map((u) => [u.id, u.status])).toEqual([
      [first.id, 'cancelled'],
      [second.id, 'uploading'],
    ]);
    expect(manager.getState().isUploading).toBe(true);
    // A cancel is not a failure: no 'Upload failed' toast, and no retry afterwards.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(notifier.show).not.toHaveBeenCalledWith('error', expect.anything());
    expect(fetch).toHaveBeenCalledTimes(2);
    manager.clearAll();
    await second.promise.catch(() => {});
  });

  it('clear-all aborts every upload in flight and forgets them all', async () => {
    const fetch = hangingFetch();
    const { manager } = setup(fetch);
    const outcomes = [manager.start(imageFile()), manager.start(imageFile())].map((u) =>
      u.promise.catch((error: unknown) => error),
    );
    await vi.advanceTimersByTimeAsync(0);
    manager.clearAll();
    for (const outcome of await Promise.all(outcomes)) expect((outcome as Error).name).toBe('AbortError');
    expect(fetch.mock.calls.every((call) => call[1].signal?.aborted)).toBe(true);
    expect(manager.getState()).toEqual({ uploads: [], isUploading: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('notifies subscribers of every change', async () => {
    const { manager } = setup(vi.fn<FetchLike>(async () => json(200, OK_BODY)));
    const listener = vi.fn();
    const stop = manager.subscribe(listener);
    await manager.upload(imageFile(), { silent: true });
    expect(listener).toHaveBeenCalled();
    stop();
    const calls = listener.mock.calls.length;
    manager.clearAll();
    expect(listener).toHaveBeenCalledTimes(calls);
  });
});
