import { describe, expect, it, vi } from 'vitest';
import { createUploadManager } from '../upload';
import { connectIntentQueue, getGenerationEngine, getIntentQueue } from './generation-service';
import { done, harness } from '../../../testing/generation-test-helpers';
import { createIntentQueue } from './intent-queue';
import { useFakeTimersInEachTest } from '../../../testing/fake-timers';

const SOURCE = 'https://cdn.example.com/src.png';

describe('the intent queue wired to the engine and the uploads', () => {
  useFakeTimersInEachTest();

  it('waits for the upload, then for the running generation, then runs the queued intent', async () => {
    const h = harness();
    h.api.getMediaByRunId.mockImplementation(async (runId) => done(runId));
    const upload = deferredUpload();
    const uploads = createUploadManager({ upload: upload.fn, notifier: { show: () => {} } });
    const queue = createIntentQueue({ run: (intent, options) => void h.engine.generate(intent, options), notifier: null });
    connectIntentQueue(queue, h.engine, uploads);

    uploads.start(new Blob(['x'], { type: 'image/png' }));
    expect(queue.getState().isUploading).toBe(true);
    expect(queue.submit({ mode: 'custom', prompt: 'first' })).toBe('queued');
    upload.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState().isUploading).toBe(false);
    queue.setSourceUrl(SOURCE);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState()).toMatchObject({ current: 'run-0001' });
    expect(queue.getState().isGenerating).toBe(true);

    expect(queue.submit({ mode: 'custom', prompt: 'second' })).toBe('queued');
    await vi.advanceTimersByTimeAsync(5_050);
    // The first run completed; the queued one started then.
    expect(h.named('generation:done').map((e) => (e.detail as { runId: string }).runId)).toEqual(['run-0001']);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState()).toMatchObject({ current: 'run-0002' });
    await vi.advanceTimersByTimeAsync(50);
    expect(h.api.submit.mock.calls[1]![0]).toMatchObject({ prompt: 'second', sourceAssetId: SOURCE });
    h.engine.dispose();
  });

  it('the app-wide engine and queue are created once, without React', () => {
    expect(getGenerationEngine()).toBe(getGenerationEngine());
    expect(getIntentQueue()).toBe(getIntentQueue());
    expect(getGenerationEngine().getState()).toMatchObject({ current: null, navigating: false });
  });
});

function deferredUpload() {
  let resolve!: () => void;
  const fn = vi.fn(
    () =>
      new Promise<{ url: string; resource_type: string; width: null; height: null; public_id: null }>((res) => {
        resolve = () => res({ url: SOURCE, resource_type: 'image', width: null, height: null, public_id: null });
      }),
  );
  return { fn, resolve: () => resolve() };
}
