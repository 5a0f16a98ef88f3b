import { describe, expect, it } from 'vitest';
import { createStore } from '../../../lib/create-store';
import { applyRunEvent, isCancelable, liveRunText, type LiveRuns } from './run-live-state';

describe('live run states (issue 16)', () => {
  it('says where the run is in words a person reads on its card', () => {
    expect(liveRunText({ phase: 'queued', position: 3, etaSeconds: 40 })).toBe('In queue · 3 ahead · about 40 s');
    expect(liveRunText({ phase: 'queued', position: 0, etaSeconds: null })).toBe('In queue · next');
    expect(liveRunText({ phase: 'queued', position: 12, etaSeconds: 200 })).toBe('In queue · 12 ahead · about 3 min');
    expect(liveRunText({ phase: 'generating', provider: 'fal' })).toBe('Generating');
    expect(liveRunText({ phase: 'checking', attempt: 2, of: 3, score: 0.71, threshold: 0.75 })).toBe('Checking likeness 2/3 (0.71, needs 0.75)');
    expect(liveRunText({ phase: 'checking', attempt: 1, of: 3, score: null, threshold: null })).toBe('Checking likeness 1/3');
    expect(liveRunText({ phase: 'videos', done: 2, total: 3 })).toBe('Making videos 2/3');
    expect(liveRunText({ phase: 'canceled', refunded: 2 })).toBe('Canceled · 2 credits refunded');
    expect(liveRunText({ phase: 'failed', error: 'Provider timed out', refunded: 1 })).toBe('Provider timed out · 1 credit refunded');
  });

  it('a late progress event does not reopen a run that ended; a retry starts again', () => {
    const store = createStore<LiveRuns>({});
    applyRunEvent({ type: 'run.canceled', runId: 'r1', refunded: 2 }, store);
    applyRunEvent({ type: 'run.started', runId: 'r1', provider: 'fal' }, store);
    expect(store.get().r1).toEqual({ phase: 'canceled', refunded: 2 });
    expect(isCancelable(store.get().r1)).toBe(false);
    applyRunEvent({ type: 'run.queued', runId: 'r1', position: 0, etaSeconds: 5 }, store);
    expect(store.get().r1).toEqual({ phase: 'queued', position: 0, etaSeconds: 5 });
    expect(isCancelable(store.get().r1)).toBe(true);
  });
});
