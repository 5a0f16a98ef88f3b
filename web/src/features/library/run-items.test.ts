import type { RunReceipt } from '@app/shared/api/run-receipt';
import { describe, expect, it } from 'vitest';
import { fromRunMedia } from '../../entities/media/media-item';
import { createRunStore } from '../../state/run-reducer';
import { media } from '../../../testing/generation-test-helpers';
import { runItems } from './run-items';

const RECEIPT: RunReceipt = {
  creditsReserved: 2,
  creditsCharged: 2,
  creditsRefunded: 0,
  attempts: [{ attempt: 1, identityScore: 0.99, passed: true }],
  threshold: 0.65,
  provider: 'local',
  model: null,
  queuedSeconds: 8,
  runningSeconds: 6,
  reason: null,
};

/** The runs of one browser: `mine` started here and still waiting; two runs done, told in `heard` order. */
function runsHeard(heard: Array<{ runId: string; createdAt: string }>) {
  const store = createRunStore(() => 1_000);
  store.dispatch({ type: 'local.start', runId: 'mine', mode: 'custom', prompt: 'me as a diver', look: null, at: 1_000 });
  for (const { runId, createdAt } of heard) {
    const done = media(runId, { createdAt, created_at: createdAt, receipt: RECEIPT });
    store.dispatch({ type: 'event', event: { type: 'run.done', runId, media: done, charged: 2, balance: 10 } });
  }
  const { runs, order } = store.get();
  return order.map((id) => runs[id]!);
}

describe('runItems', () => {
  it('lists a waiting run first, then done runs newest first however they were heard, each with its receipt', () => {
    // The older run was heard last (started elsewhere, told by the stream after this browser's own).
    const runs = runsHeard([
      { runId: 'newer', createdAt: '2026-11-29T03:08:20.000Z' },
      { runId: 'older', createdAt: '2026-11-29T03:08:10.000Z' },
    ]);
    const items = runItems(runs, []);
    expect(items.map((item) => item.runId)).toEqual(['mine', 'newer', 'older']);
    expect(items[0]).toMatchObject({ pending: true, status: 'processing', prompt: 'me as a diver' });
    expect(items[1]!.receipt).toEqual(RECEIPT);
  });

  it('leaves out what the server already lists, by run or by id', () => {
    const runs = runsHeard([
      { runId: 'newer', createdAt: '2026-11-29T03:08:20.000Z' },
      { runId: 'older', createdAt: '2026-11-29T03:08:10.000Z' },
    ]);
    const served = [fromRunMedia(media('newer')), { ...fromRunMedia(media('older')), runId: null }];
    expect(runItems(runs, served).map((item) => item.runId)).toEqual(['mine']);
  });
});
