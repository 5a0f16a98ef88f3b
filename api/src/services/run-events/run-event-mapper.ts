import { setTimeout as sleep } from 'node:timers/promises';
import type { RunEvent } from '@app/shared/api/runs';
import type { Repositories } from '@app/shared/server/repositories';
import { runProgressSchema } from '@app/shared/server/queue';
import type { MediaUrls } from '@app/shared/server/storage';
import { toRunMedia } from '../media-presenter';
import type { StreamEntry } from './queue-event-stream';

/** A run event and whose run it is. */
export interface PersonEvent {
  userId: string;
  event: RunEvent;
}

export type MapperRepositories = {
  runEvents: Pick<Repositories['runEvents'], 'findFacts'>;
  media: Pick<Repositories['media'], 'findByRunId'>;
};

/** States a job is removed from before a worker took it: D2's cancel of a queued run. */
const WAITING_STATES = new Set(['wait', 'waiting', 'prioritized', 'delayed', 'paused']);
/**
 * cancel-run removes a waiting job first and settles its run just after: a removal read before
 * that commit waits for it (up to TRIES × PAUSE), or the run.canceled event would be lost.
 */
const REMOVED_SETTLE_TRIES = 20;
const REMOVED_SETTLE_PAUSE_MS = 50;

/** The run id of a stream entry about a finished or removed job, or undefined for any other entry. */
export function terminalRunId(entry: StreamEntry): string | undefined {
  const kind = entry.fields.event;
  return kind === 'completed' || kind === 'failed' || kind === 'removed' ? entry.fields.jobId : undefined;
}

/** The person and event of a progress entry a worker wrote (run.started, run.attempt, run.video). */
export function progressEvent(entry: StreamEntry): PersonEvent | undefined {
  if (entry.fields.event !== 'progress' || !entry.fields.data) return undefined;
  try {
    const parsed = runProgressSchema.safeParse(JSON.parse(entry.fields.data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // progress some other writer put there: not a run event
  }
}

/**
 * Turns an entry of the generation queue's event stream into a person's run event: progress as
 * the worker wrote it; a finished or removed job as its run ended, read from the database
 * (done with its media, failed with the refund, canceled). Anything else is no run event.
 */
export class RunEventMapper {
  constructor(
    private readonly repos: MapperRepositories,
    private readonly urls: MediaUrls,
  ) {}

  async map(entry: StreamEntry): Promise<PersonEvent | undefined> {
    const progress = progressEvent(entry);
    if (progress) return progress;
    const runId = terminalRunId(entry);
    if (!runId) return undefined;
    const kind = entry.fields.event;
    // A duplicate job of a run already settled completes as 'skipped': its run's events were told.
    if (kind === 'completed' && entry.fields.returnvalue === '"skipped"') return undefined;
    if (kind === 'removed' && !WAITING_STATES.has(entry.fields.prev ?? '')) return undefined;
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
    return { userId: owner, event: { type: 'run.done', runId, media: toRunMedia(media, this.urls), charged, balance } };
  }
}
