import { describe, expect, it, vi } from 'vitest';
import { createIntentQueue } from './intent-queue';

const INTENT = { mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' };
const SOURCE = 'https://cdn.example.com/src.png';

function setup() {
  const run = vi.fn();
  const notifier = { show: vi.fn() };
  const queue = createIntentQueue({ run, notifier });
  return { run, notifier, queue };
}

describe('intent queue (spec 1 §4)', () => {
  it('runs at once with an https source and nothing in progress', () => {
    const { run, queue, notifier } = setup();
    queue.setSourceUrl(SOURCE);
    expect(queue.submit(INTENT)).toBe('started');
    expect(run).toHaveBeenCalledWith({ ...INTENT, sourceAssetId: SOURCE }, undefined);
    expect(queue.getState().pendingIntent).toBeNull();
    expect(notifier.show).not.toHaveBeenCalled();
  });

  it("uses the intent's own secure source", () => {
    const { run, queue } = setup();
    expect(queue.submit({ ...INTENT, sourceAssetId: SOURCE })).toBe('started');
    expect(run).toHaveBeenCalledWith({ ...INTENT, sourceAssetId: SOURCE }, undefined);
  });

  it('queues without an https source and runs once the upload gives one', () => {
    const { run, queue, notifier } = setup();
    const options = { navigate: vi.fn() };
    expect(queue.submit({ ...INTENT, sourceAssetId: 'blob:http://localhost/123' }, options)).toBe('queued');
    expect(queue.getState().pendingIntent).toMatchObject(INTENT);
    expect(notifier.show).toHaveBeenCalledWith('queue', { title: 'Added to queue', message: "We'll start processing shortly." });
    queue.setSourceUrl('http://cdn.example.com/insecure.png');
    expect(run).not.toHaveBeenCalled();
    queue.setSourceUrl(SOURCE);
    expect(run).toHaveBeenCalledWith({ ...INTENT, sourceAssetId: SOURCE }, options);
    expect(queue.getState().pendingIntent).toBeNull();
  });

  it('accepts http on localhost as a source', () => {
    const { run, queue } = setup();
    queue.setSourceUrl('http://localhost:3000/media/a.png');
    expect(queue.submit(INTENT)).toBe('started');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('queues while an upload is in progress', () => {
    const { run, queue } = setup();
    queue.setSourceUrl(SOURCE);
    queue.setUploading(true);
    expect(queue.submit(INTENT)).toBe('queued');
    expect(run).not.toHaveBeenCalled();
    queue.setUploading(false);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('queues while a generation is in progress; the latest intent wins', () => {
    const { run, queue } = setup();
    queue.setSourceUrl(SOURCE);
    queue.setGenerating(true);
    queue.submit({ ...INTENT, unrealReflectionPresetId: 'unreal_reflection_yakuza_heir' });
    queue.submit(INTENT);
    queue.setGenerating(false);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0]).toMatchObject({ unrealReflectionPresetId: 'unreal_reflection_syndicate' });
  });

  it('clear drops the queued intent', () => {
    const { run, queue } = setup();
    queue.submit(INTENT);
    queue.clear();
    queue.setSourceUrl(SOURCE);
    expect(run).not.toHaveBeenCalled();
  });

  it('tells subscribers', () => {
    const { queue } = setup();
    const listener = vi.fn();
    const stop = queue.subscribe(listener);
    queue.setUploading(true);
    queue.setUploading(true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    queue.setUploading(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
