import { setTimeout as sleep } from 'node:timers/promises';
import type { RunEvent } from '@app/shared/api/runs';
import type { Repositories } from '@app/shared/server/repositories';
import type { RunQueueEvent } from '@app/shared/server/queue';
import type { MediaUrls } from '@app/shared/server/storage';
import { toRunMedia } from '@app/shared/server/media/media-presenter';
import type { RunReceipts } from '@app/shared/server/generation/run-receipt';

/** A run event and whose run it is. */
export interface PersonEvent {
  userId: string;
  event: RunEvent;
}

export type MapperRepositories = {
  runEvents: Pick<Repositories['runEvents'], 'findFacts'>;
  media: Pick<Repositories['media'], 'findByRunId'>;
};

/**
 * cancel-run removes a waiting job first and settles its run just after: a removal read before
 * that commit waits for it (up to TRIES × PAUSE), or the run.canceled event would be lost.
 */
const REMOVED_SETTLE_TRIES = 20;
const REMOVED_SETTLE_PAUSE_MS = 50;

/**
 * Turns an event of the generation queue into a person's run event: progress as the worker wrote
 * it; a finished or removed job as its run ended, read from the database (done with its media and
 * receipt, failed with the refund, canceled). Anything else is no run event.
 */
export class RunEventMapper {
  constructor(
    private readonly repos: MapperRepositories,
    private readonly urls: MediaUrls,
    private readonly receipts: Pick<RunReceipts, 'forMedia'>,
  ) {}

  async map(event: RunQueueEvent): Promise<PersonEvent | undefined> {
    if (event.kind === 'progress') return event.progress;
    if (event.kind !== 'ended' && event.kind !== 'removed') return undefined;
    // A duplicate job of a run already settled: its run's events were told.
    if (event.kind === 'ended' && event.outcome === 'skipped') return undefined;
    if (event.kind === 'removed' && !event.wasWaiting) return undefined;
    const { runId, kind } = event;
    let run = await this.repos.runEvents.findFacts(runId);
    for (let i = 0; kind === 'removed' && run?.status === 'processing' && i < REMOVED_SETTLE_TRIES; i++) {
      await sleep(REMOVED_SETTLE_PAUSE_MS);
      run = await this.repos.runEvents.findFacts(runId);
    }
    // Still processing: a failed attempt BullMQ will retry, or a run started again since.
    if (!run || run.status === 'processing') return undefined;
    const owner = run.userId;
    const { balance } = run;
    if (run.stage === 'canceled') return { userId: owner, event: { type: 'run.canceled', runId, refunded: run.creditsRefunded, balance } };
    if (kind === 'removed') return undefined;
    if (run.status === 'failed') {
      return { userId: owner, event: { type: 'run.failed', runId, error: run.error ?? 'Generation failed', refunded: run.creditsRefunded, balance } };
    }
    const [media] = await this.repos.media.findByRunId(runId);
    if (!media) return undefined;
    const charged = Math.max(0, run.creditsReserved - run.creditsRefunded);
    // With its receipt, as the library lists it: the viewer shows it before the library reloads.
    const receipt = (await this.receipts.forMedia(owner, [media])).get(runId);
    return { userId: owner, event: { type: 'run.done', runId, media: toRunMedia(media, this.urls, receipt), charged, balance } };
  }
}
