import type { RunAnswer, RunProcessingAnswer } from '../../api/generation';
import type { GenerationRunsRepository, RunOfAccount } from '../db/repositories/generation-runs.repository';
import type { MediaRepository } from '../db/repositories/media.repository';
import { toRunMedia } from '../media/media-presenter';
import type { MediaUrls } from '../storage/media-urls';
import { runReceipt } from './run-receipt';

/** What a run's answer reads: the account with its run (one query), then the run's media. */
export interface RunAnswerRepositories {
  runs: Pick<GenerationRunsRepository, 'ofAccount'>;
  media: Pick<MediaRepository, 'findByRunId'>;
}

/** A run as its owner reads it, and the account it was read with (undefined when deleted: the caller decides). */
export interface OwnedRunAnswer {
  account: RunOfAccount['account'];
  /** Undefined when the person has no run with this id. */
  answer: RunAnswer | RunProcessingAnswer | undefined;
}

/**
 * The run as getMediaByRunId answers its owner: processing; done with its media, receipt and the
 * person's balance; or failed with why (and any image kept). The api answers the poll with it and
 * the worker POSTs it as the run's webhook, so both say exactly the same.
 */
export class RunAnswers {
  constructor(
    private readonly repos: RunAnswerRepositories,
    private readonly urls: MediaUrls,
  ) {}

  async forOwner(userId: string, runId: string): Promise<OwnedRunAnswer> {
    const { account, run } = await this.repos.runs.ofAccount(userId, runId);
    if (!account || !run) return { account, answer: undefined };
    if (run.status === 'processing') return { account, answer: { success: true, status: 'processing', runId } };
    const [media] = await this.repos.media.findByRunId(runId);
    const receipt = runReceipt(run, media);
    // The media carries its receipt too: the client shows it as a library item at once.
    const view = media ? toRunMedia(media, this.urls, receipt) : undefined;
    const balance = account.credits;
    if (run.status === 'done' && view) return { account, answer: { success: true, status: 'done', runId, media: view, receipt, balance } };
    return { account, answer: { success: false, status: 'failed', runId, error: run.error ?? 'Generation failed', ...(view ? { media: view } : {}), receipt, balance } };
  }
}
