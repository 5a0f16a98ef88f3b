import type { RunMedia as ServerRunMedia } from '@app/shared/api/media';
import { describe, expect, it, vi } from 'vitest';
import { useFakeTimersInEachTest } from '../../../testing/fake-timers';
import { ApiError } from '../../api/api-error';
import { runText } from '../../state/run-reducer';
import { done, harness, media, PROCESSING } from '../../../testing/generation-test-helpers';
import { fakeStream } from '../../../testing/run-stream-test-helpers';

const CUSTOM = { mode: 'custom', prompt: 'a cat in space', sourceAssetId: 'https://cdn.example.com/src.png' };

/** A run's media as the stream's run.done carries it: the helpers' item, made ten seconds in. */
function serverMedia(runId: string, patch: Partial<ServerRunMedia> = {}): ServerRunMedia {
  return media(runId, { createdAt: '2025-01-01T00:00:10.000Z', created_at: '2025-01-01T00:00:10.000Z', metadata: { provider: 'local' }, ...patch });
}

function setup() {
  const s = fakeStream();
  const h = harness({ stream: s.stream });
  const card = (runId: string) => h.store.get().runs[runId];
  return { ...h, ...s, card };
}

/** Starts a run and opens the stream it is followed by. */
async function startOpen(t: ReturnType<typeof setup>) {
  const outcome = t.engine.generate(CUSTOM);
  await vi.advanceTimersByTimeAsync(50);
  t.latest().open();
  await vi.advanceTimersByTimeAsync(0);
  // Wrapped: an async function returning the promise would wait for the run's end.
  return { outcome };
}

describe('generation engine with the run event stream (issue 16)', () => {
  useFakeTimersInEachTest(0);

  it('follows the run live, queue to done, without polling every 5 s', async () => {
    const t = setup();
    const outcome = t.engine.generate(CUSTOM);
    await vi.advanceTimersByTimeAsync(50);
    const source = t.latest();
    expect(source.url).toBe('/api/run-events?ticket=t1');
    source.open();
    await vi.advanceTimersByTimeAsync(0);
    // One check when the stream opens (an event may have passed before it did), then no polls.
    expect(t.api.getMediaByRunId).toHaveBeenCalledTimes(1);

    source.emit({ type: 'run.queued', runId: 'run-0001', position: 3, etaSeconds: 40 });
    expect(t.card('run-0001')).toMatchObject({ phase: 'queued', position: 3, etaSeconds: 40 });
    source.emit({ type: 'run.started', runId: 'run-0001', provider: 'local' });
    source.emit({ type: 'run.attempt', runId: 'run-0001', attempt: 2, of: 3, identityScore: 0.71, threshold: 0.75 });
    expect(t.card('run-0001')).toMatchObject({ phase: 'checking', attempt: { n: 2, of: 3, score: 0.71, threshold: 0.75 } });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.api.getMediaByRunId).toHaveBeenCalledTimes(1);
    expect(t.engine.getState().current).toBe('run-0001');

    source.emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001'), charged: 2, balance: 18 });
    const result = await outcome;
    expect(result).toMatchObject({ status: 'completed', runId: 'run-0001', passed: true, item: { url: 'https://cdn.example.com/run-0001.png' } });
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'ready', title: 'Your media is ready' });
    expect(t.named('generation:done')[0]!.detail).toMatchObject({ status: 'completed', success: true });
    // The done event's balance is every screen's credits now.
    expect(t.engine.getState()).toMatchObject({ balance: 18, runs: { 'run-0001': { phase: 'done', charged: 2 } } });
    // Nobody follows a run now: the stream is closed.
    expect(source.closed).toBe(true);
  });

  it('a failed event ends the run like a failed poll: the error toast and events', async () => {
    const t = setup();
    const { outcome } = await startOpen(t);
    t.latest().emit({ type: 'run.failed', runId: 'run-0001', error: 'The AI service declined this request', refunded: 2, balance: 20 });
    await expect(outcome).resolves.toMatchObject({ status: 'failed', error: 'The AI service declined this request' });
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'error', title: 'Generation Failed', message: 'The AI service declined this request' });
    expect(t.named('generation-error')).toHaveLength(1);
    expect(t.card('run-0001')).toMatchObject({ phase: 'failed', error: 'The AI service declined this request', refunded: 2 });
    expect(t.engine.getState().balance).toBe(20);
  });

  it('a done run whose image missed the identity check ends as the spec says (image, note toast)', async () => {
    const t = setup();
    const { outcome } = await startOpen(t);
    t.latest().emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001', { status: 'failed' }), charged: 2, balance: 18 });
    await expect(outcome).resolves.toMatchObject({ status: 'completed', passed: false });
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'ready', title: 'Image generated' });
  });

  it('shows INSUFFICIENT_CREDITS from a failed event', async () => {
    const t = setup();
    const { outcome } = await startOpen(t);
    t.latest().emit({ type: 'run.failed', runId: 'run-0001', error: 'INSUFFICIENT_CREDITS', refunded: 0, balance: 20 });
    await outcome;
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'error', title: 'No Credits' });
  });

  it('ignores the events of other runs and a stale run', async () => {
    const t = setup();
    const { outcome: first } = await startOpen(t);
    const second = t.engine.generate(CUSTOM);
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(0);
    const source = t.latest();
    expect(t.sources).toHaveLength(1);
    source.emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001'), charged: 2, balance: 18 });
    await expect(first).resolves.toEqual({ status: 'stale', runId: 'run-0001' });
    expect(t.engine.getState()).toMatchObject({ current: 'run-0002' });
    source.emit({ type: 'run.done', runId: 'run-0002', media: serverMedia('run-0002'), charged: 2, balance: 18 });
    await expect(second).resolves.toMatchObject({ status: 'completed', runId: 'run-0002' });
    expect(t.toasts.filter((toast) => toast.kind === 'ready')).toHaveLength(1);
  });

  it('the check on opening finds a run that finished before the stream opened', async () => {
    const t = setup();
    t.api.getMediaByRunId.mockResolvedValueOnce(done('run-0001'));
    const outcome = t.engine.generate(CUSTOM);
    await vi.advanceTimersByTimeAsync(50);
    t.latest().open();
    await expect(outcome).resolves.toMatchObject({ status: 'completed', runId: 'run-0001' });
  });

  it('falls back to the spec polling while the stream is down, and completes', async () => {
    const t = setup();
    t.api.getMediaByRunId.mockResolvedValueOnce(PROCESSING).mockResolvedValueOnce(done('run-0001'));
    const outcome = t.engine.generate(CUSTOM);
    await vi.advanceTimersByTimeAsync(50);
    t.latest().fail();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(t.api.getMediaByRunId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.api.getMediaByRunId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(outcome).resolves.toMatchObject({ status: 'completed', runId: 'run-0001' });
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'ready', title: 'Your media is ready' });
  });

  it('reconnects with a new ticket and the last event id, and stops polling once it is up', async () => {
    const t = setup();
    const { outcome } = await startOpen(t);
    t.latest().emit({ type: 'run.queued', runId: 'run-0001', position: 0, etaSeconds: 10 }, '1700-0');
    t.latest().fail();
    expect(t.sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.latest().url).toBe('/api/run-events?ticket=t2&lastEventId=1700-0');
    t.latest().open();
    await vi.advanceTimersByTimeAsync(0);
    const calls = t.api.getMediaByRunId.mock.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.api.getMediaByRunId.mock.calls.length).toBe(calls);
    // A replay of what was seen changes nothing; the next event ends the run.
    t.latest().emit({ type: 'run.failed', runId: 'run-0001', error: 'old', refunded: 0, balance: 1 }, '1700-0');
    expect(t.engine.getState().runs['run-0001']!.phase).toBe('queued');
    t.latest().emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001'), charged: 2, balance: 18 }, '1700-1');
    await expect(outcome).resolves.toMatchObject({ status: 'completed' });
  });

  it('times out after the spec limit (72 × 5 s) even with the stream up', async () => {
    const t = setup();
    const { outcome } = await startOpen(t);
    await vi.advanceTimersByTimeAsync(360_000);
    await expect(outcome).resolves.toMatchObject({ status: 'failed', error: 'Generation timed out. Please try again.' });
  });

  it('cancel: a queued run is canceled and refunded, and ends quietly', async () => {
    const t = setup();
    const { outcome } = await startOpen(t);
    await expect(t.engine.cancelRun('run-0001')).resolves.toBe(true);
    expect(t.api.cancelRun).toHaveBeenCalledWith('run-0001');
    await expect(outcome).resolves.toEqual({ status: 'canceled', runId: 'run-0001' });
    expect(t.card('run-0001')).toMatchObject({ phase: 'canceled', refunded: 2 });
    expect(t.toasts.filter((toast) => toast.kind === 'error')).toEqual([]);
    // Its card reads Canceled with the refund, not Generation failed; the credits are the refund's balance.
    expect(runText(t.card('run-0001')!, 0)).toBe('Canceled · 2 credits refunded');
    expect(t.engine.getState()).toMatchObject({ current: null, balance: 20 });
  });

  it('cancel of a running run waits for its canceled event', async () => {
    const t = setup();
    t.api.cancelRun.mockResolvedValueOnce({ success: true, runId: 'run-0001', status: 'canceling', refunded: 0, balance: 18 });
    const { outcome } = await startOpen(t);
    const canceling = t.engine.cancelRun('run-0001');
    // "Canceling…" at once, before the server answers.
    expect(runText(t.card('run-0001')!, 0)).toBe('Canceling…');
    await canceling;
    expect(t.card('run-0001')).toMatchObject({ phase: 'canceling' });
    expect(t.engine.getState().current).toBe('run-0001');
    t.latest().emit({ type: 'run.canceled', runId: 'run-0001', refunded: 1, balance: 20 });
    await expect(outcome).resolves.toEqual({ status: 'canceled', runId: 'run-0001' });
    expect(runText(t.card('run-0001')!, 0)).toBe('Canceled · 1 credit refunded');
  });

  it('a cancel answered "finished" (the run had just finished) says so with what it was charged', async () => {
    const t = setup();
    t.api.cancelRun.mockResolvedValueOnce({ success: true, runId: 'run-0001', status: 'finished', refunded: 0, balance: 18 });
    const { outcome } = await startOpen(t);
    t.latest().emit({ type: 'run.started', runId: 'run-0001', provider: 'local' });
    await expect(t.engine.cancelRun('run-0001')).resolves.toBe(false);
    expect(runText(t.card('run-0001')!, 0)).toBe('Canceling…');
    t.latest().emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001'), charged: 2, balance: 18 });
    await expect(outcome).resolves.toMatchObject({ status: 'completed' });
    expect(runText(t.card('run-0001')!, 0)).toBe('Finished before it could be canceled · 2 credits charged');
    expect(t.toasts.map((toast) => [toast.title, toast.message])).toEqual([['Finished before it could be canceled', '2 credits charged · Tap to open']]);
  });

  it('a cancel that fails for another reason says so and leaves the run as it was', async () => {
    const t = setup();
    t.api.cancelRun.mockRejectedValueOnce(new ApiError(0));
    await startOpen(t);
    t.latest().emit({ type: 'run.started', runId: 'run-0001', provider: 'local' });
    await expect(t.engine.cancelRun('run-0001')).resolves.toBe(false);
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'error', title: 'Could not cancel' });
    expect(t.card('run-0001')).toMatchObject({ phase: 'generating', provider: 'local' });
    t.engine.dispose();
  });

  it('retry: the failed run becomes the running one again and is followed to its end', async () => {
    const t = setup();
    const { outcome: first } = await startOpen(t);
    t.latest().emit({ type: 'run.failed', runId: 'run-0001', error: 'Provider timed out', refunded: 2, balance: 20 });
    await first;
    expect(t.card('run-0001')).toMatchObject({ phase: 'failed', round: 1 });

    const again = t.engine.retryRun('run-0001');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.retryRun).toHaveBeenCalledWith('run-0001');
    // The same card, a new round, with its prompt.
    expect(t.engine.getState()).toMatchObject({ current: 'run-0001', runs: { 'run-0001': { phase: 'starting', round: 2, prompt: 'a cat in space' } } });
    t.latest().open();
    await vi.advanceTimersByTimeAsync(0);
    t.latest().emit({ type: 'run.queued', runId: 'run-0001', position: 1, etaSeconds: 20 });
    t.latest().emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001'), charged: 2, balance: 18 });
    await expect(again).resolves.toMatchObject({ status: 'completed', runId: 'run-0001' });
  });
  it('variation: its card starts at once with the look, the server is asked with variationOf and the run id, and it is followed to its end', async () => {
    const t = setup();
    const outcome = t.engine.generateVariation({ mediaId: 'media-1', mode: 'unrealreflection', look: 'The Syndicate', prompt: null });
    expect(t.engine.getState()).toMatchObject({ current: 'run-0001', runs: { 'run-0001': { phase: 'starting', look: 'The Syndicate', mode: 'unrealreflection' } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.submitVariation).toHaveBeenCalledWith({ variationOf: 'media-1', runId: 'run-0001' }, expect.any(AbortSignal));
    // Started where the person is: nothing submitted as a new request, no navigation.
    expect(t.api.submit).not.toHaveBeenCalled();
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.card('run-0001')).toMatchObject({ phase: 'queued', cost: 2 });
    t.latest().open();
    await vi.advanceTimersByTimeAsync(0);
    t.latest().emit({ type: 'run.done', runId: 'run-0001', media: serverMedia('run-0001'), charged: 2, balance: 18 });
    await expect(outcome).resolves.toMatchObject({ status: 'completed', runId: 'run-0001' });
  });

  it('variation refused for credits: no card stays, the notice says what it needs', async () => {
    const t = setup();
    t.api.submitVariation.mockRejectedValueOnce(new ApiError(402, 'Insufficient credits', 'INSUFFICIENT_CREDITS', { required: 2, available: 1 }));
    const outcome = await t.engine.generateVariation({ mediaId: 'media-1', mode: 'custom', look: null, prompt: 'a cat' });
    expect(outcome).toMatchObject({ status: 'insufficient', required: 2, available: 1 });
    expect(t.card('run-0001')).toBeUndefined();
    expect(t.toasts.at(-1)).toMatchObject({ kind: 'error', message: 'This creation needs 2 credits — you have 1' });
  });
});
