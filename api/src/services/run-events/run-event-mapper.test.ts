import { describe, expect, it } from 'vitest';
import type { RunEventFacts } from '@app/shared/server/repositories';
import { aMedia, aRun, testMediaUrls } from '../../../testing/rows';
import { RunReceipts } from '@app/shared/server/generation/run-receipt';
import { RunEventMapper } from './run-event-mapper';
import { toRunQueueEvent } from '@app/shared/server/queue';

/** Receipts read from runs that cost 5 credits and were charged them all. */
const receipts = new RunReceipts({ runControl: { findMany: async (userId, runIds) => runIds.map((id) => aRun({ run_id: id, user_id: userId })) } });

function mapperWith(facts: Partial<RunEventFacts> | undefined) {
  const run = facts && { runId: 'run-1', userId: 'me', mode: 'custom-prompt', provider: 'local', status: 'done' as const, stage: 'succeeded', error: null, creditsReserved: 5, creditsRefunded: 0, balance: 13, ...facts };
  return new RunEventMapper({
    runEvents: { findFacts: async () => run },
    media: { findByRunId: async () => [aMedia({ run_id: 'run-1', user_id: 'me' })] },
  }, testMediaUrls, receipts);
}

/** BullMQ's event stream entry as the queue port reads it. */
const entry = (fields: Record<string, string>) => toRunQueueEvent('1-1', fields);

describe('RunEventMapper', () => {
  it('passes on the progress a worker wrote, and ignores progress of any other shape', async () => {
    const event = { type: 'run.attempt', runId: 'run-1', attempt: 2, of: 3, identityScore: 0.7, threshold: 0.75 };
    const mapper = mapperWith(undefined);
    expect(await mapper.map(entry({ event: 'progress', jobId: 'run-1', data: JSON.stringify({ event, userId: 'me' }) }))).toEqual({ userId: 'me', event });
    expect(await mapper.map(entry({ event: 'progress', jobId: 'run-1', data: '42' }))).toBeUndefined();
    expect(await mapper.map(entry({ event: 'progress', jobId: 'run-1', data: '{not json' }))).toBeUndefined();
    expect(await mapper.map(entry({ event: 'active', jobId: 'run-1' }))).toBeUndefined();
  });

  it('tells a completed job as its run ended: done with the media and its receipt, or failed with the refund', async () => {
    const done = await mapperWith({}).map(entry({ event: 'completed', jobId: 'run-1', returnvalue: '"done"' }));
    expect(done).toMatchObject({ userId: 'me', event: { type: 'run.done', runId: 'run-1', media: { runId: 'run-1' }, charged: 5, balance: 13 } });
    // The media comes with its receipt, as the library lists it.
    expect(done?.event.type === 'run.done' && done.event.media.receipt).toMatchObject({ creditsReserved: 5, creditsCharged: 5, creditsRefunded: 0 });
    const failed = await mapperWith({ status: 'failed', stage: 'failed', error: "Didn't pass identity check" }).map(entry({ event: 'completed', jobId: 'run-1', returnvalue: '"failed"' }));
    expect(failed).toEqual({ userId: 'me', event: { type: 'run.failed', runId: 'run-1', error: "Didn't pass identity check", refunded: 0, balance: 13 } });
    // A duplicate job of a settled run tells nothing again.
    expect(await mapperWith({}).map(entry({ event: 'completed', jobId: 'run-1', returnvalue: '"skipped"' }))).toBeUndefined();
  });

  it('tells a final failure with its refund, a canceled run as canceled, and not a failure BullMQ will retry', async () => {
    const failed = await mapperWith({ status: 'failed', stage: 'expired', error: 'Timeout', creditsRefunded: 5 }).map(entry({ event: 'failed', jobId: 'run-1' }));
    expect(failed?.event).toEqual({ type: 'run.failed', runId: 'run-1', error: 'Timeout', refunded: 5, balance: 13 });
    const canceled = await mapperWith({ status: 'failed', stage: 'canceled', creditsRefunded: 5 }).map(entry({ event: 'failed', jobId: 'run-1' }));
    expect(canceled?.event).toEqual({ type: 'run.canceled', runId: 'run-1', refunded: 5, balance: 13 });
    expect(await mapperWith({ status: 'processing' }).map(entry({ event: 'failed', jobId: 'run-1' }))).toBeUndefined();
  });

  it('tells a removed waiting job as canceled, but not the removal of a finished job', async () => {
    const facts = { status: 'failed' as const, stage: 'canceled', creditsRefunded: 5 };
    expect((await mapperWith(facts).map(entry({ event: 'removed', jobId: 'run-1', prev: 'prioritized' })))?.event).toEqual({ type: 'run.canceled', runId: 'run-1', refunded: 5, balance: 13 });
    expect(await mapperWith(facts).map(entry({ event: 'removed', jobId: 'run-1', prev: 'completed' }))).toBeUndefined();
    expect(await mapperWith({ status: 'failed', stage: 'failed' }).map(entry({ event: 'removed', jobId: 'run-1', prev: 'wait' }))).toBeUndefined();
  });

  it('tells a removed waiting job as canceled once cancel-run has settled it, though the removal came first', async () => {
    let reads = 0;
    const mapper = new RunEventMapper({
      runEvents: {
        findFacts: async () => {
          reads += 1;
          const settled = reads >= 3;
          return { runId: 'run-1', userId: 'me', mode: 'custom-prompt', provider: null, status: settled ? 'failed' : 'processing', stage: settled ? 'canceled' : 'queued', error: null, creditsReserved: 5, creditsRefunded: settled ? 5 : 0, balance: 20 };
        },
      },
      media: { findByRunId: async () => [] },
    }, testMediaUrls, receipts);
    expect((await mapper.map(entry({ event: 'removed', jobId: 'run-1', prev: 'waiting' })))?.event).toEqual({ type: 'run.canceled', runId: 'run-1', refunded: 5, balance: 20 });
  });
});
