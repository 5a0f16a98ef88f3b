import { findPreset, type RunId } from '@app/shared';
import type { GenerationRun, RunStage } from '@app/shared/server/db';
import type { Logger } from '@app/shared/server/logger';
import { RunRecorder, inSpan } from '@app/shared/server/tracing';
import { type Storage, readObject } from '@app/shared/server/storage';
import type { Repositories } from '@app/shared/server/repositories';
import { type RunEndedListener, type SettleRepositories, settleRun } from '@app/shared/server/generation/settle-run';
import { RUN_ALREADY_SETTLED } from '@app/shared/server/queue';
import { type StoredRunRequest, UnreadableRunRequestError, readStoredRunRequest } from '@app/shared/server/generation/stored-request';
import type { ProviderRouting } from '../providers/provider-routing';
import type { RunObserver } from '../run-metrics';
import type { RunScreening, ScreenSource } from '../screening/run-screening';
import { storeOutput } from './output-storage';
import { type IdentityPort, PermanentGenerationError, type VideoPort } from './ports';
import { OutputProducer } from './produce-output';
import { NO_PROGRESS_SINK, type RunProgressSink, type RunReporter, runReporter } from './run-progress';
import { textCanvas } from './text-canvas';

export const IDENTITY_FAILED = "Didn't pass identity check";

/** The repositories a run touches (`createRepositories(db)` provides them). */
export type PipelineRepositories = SettleRepositories & {
  runs: SettleRepositories['runs'] & Pick<Repositories['runs'], 'recordAttempt' | 'recordPass'>;
  users: Pick<Repositories['users'], 'findById'>;
  media: Pick<Repositories['media'], 'insertRunOutput'>;
  runEvents: Pick<Repositories['runEvents'], 'saveIdentityScores'>;
};

export interface PipelineDeps {
  repos: PipelineRepositories;
  storage: Storage;
  providers: ProviderRouting;
  identity: IdentityPort;
  video: VideoPort;
  /** Classifies the output and its sources before the media row is written. */
  screening: Pick<RunScreening, 'screen'>;
  logger: Logger;
  providerTimeoutMs: number;
  /** Told about every settled run (the process's metrics). */
  observer?: RunObserver;
  /** Told of each run this pipeline ends (its webhook, issue 45 §2). */
  runEnded?: RunEndedListener;
}

/**
 * Runs one generation: reads the run's stored request and sources, has the output made,
 * stores it with its media row, and settles the run (status, refund, referral reward).
 * Idempotent: a run already finished is skipped, and outputs have deterministic ids.
 */
export class GenerationPipeline {
  private readonly producer: OutputProducer;

  constructor(private readonly deps: PipelineDeps) {
    this.producer = new OutputProducer(deps);
  }

  /**
   * `progress` hears the run's live events (run.started, run.attempt, run.video) as they happen;
   * `signal` is the person's cancel of the run (every provider request of it stops with it).
   */
  async run(runId: RunId, { progress = NO_PROGRESS_SINK, signal }: { progress?: RunProgressSink; signal?: AbortSignal } = {}): Promise<'done' | 'failed' | typeof RUN_ALREADY_SETTLED> {
    const run = await this.deps.repos.runs.find(runId);
    if (!run || run.status !== 'processing') return RUN_ALREADY_SETTLED;
    const reporter = runReporter(progress, runId, run.user_id, this.deps.logger);
    const recorder = new RunRecorder(runId, run.mode);
    try {
      return await recorder.run('generation.run', async (step) => {
        try {
          const outcome = await this.produceAndSettle(runId, run, reporter, signal);
          step.set({ outcome: String(outcome) });
          return outcome;
        } finally {
          // Written before the job completes, so the stream never shows run.done before run.attempt.
          await reporter.flushed();
        }
      });
    } finally {
      await this.keepPass(runId, recorder);
    }
  }

  /** The pass's steps, for the admin's run timeline; a run is never failed for want of them. */
  private async keepPass(runId: RunId, recorder: RunRecorder): Promise<void> {
    try {
      await this.deps.repos.runs.recordPass(runId, recorder.pass());
    } catch (error) {
      this.deps.logger.warn({ err: error, runId }, 'the run’s timeline could not be kept');
    }
  }

  private async produceAndSettle(runId: RunId, run: GenerationRun, reporter: RunReporter, signal: AbortSignal | undefined): Promise<'done' | 'failed' | typeof RUN_ALREADY_SETTLED> {
    const { repos, logger } = this.deps;
    const started = performance.now();
    const request = readRequest(run.request);
    const providerName = this.deps.providers.forMode(request.serviceMode).name;
    await repos.runs.recordAttempt(runId, providerName);
    reporter.started(providerName);

    const sources = await this.readSources(request);
    // The person's own photos (a text-only prompt's canvas is not one).
    const screenSources: ScreenSource[] = request.sources.map((source, index) => ({ publicId: source.publicId, data: sources[index] as Buffer }));
    const preset = request.presetId ? findPreset(request.serviceMode, request.presetId) : undefined;
    const output = await this.producer.produce(runId, request, preset, sources, { progress: reporter, ...(signal ? { signal } : {}) });
    if (output.identityScores) await repos.runEvents.saveIdentityScores(runId, output.identityScores);

    const user = await repos.users.findById(run.user_id);
    if (!user) return RUN_ALREADY_SETTLED; // The account was deleted meanwhile: nothing to keep.
    const owner = { runId, userId: user.id, isPublic: user.share_to_feed };
    // Nothing is stored before it is screened: a held item's row goes in private.
    const moderation = await inSpan('screening', {}, () => this.deps.screening.screen(runId, output, screenSources));
    const { row, cost } = await inSpan('storage.write', {}, () => storeOutput(this.deps.storage, owner, request, preset, output));
    await repos.media.insertRunOutput({ ...row, ...moderation });

    const identityFailed = output.identity ? !output.identity.passed : false;
    const settled = await inSpan('settle', {}, () =>
      settleRun(repos, runId, { kind: 'produced', cost, error: identityFailed ? IDENTITY_FAILED : null, userId: user.id, referrerId: user.referrer_id }, logger, this.deps.runEnded),
    );
    logger.info({ runId, mode: request.serviceMode, identity: output.identity, refund: settled?.refunded }, 'generation finished');
    if (settled) {
      const { identity } = output;
      this.deps.observer?.({
        mode: run.mode,
        provider: output.still.provider,
        outcome: identityFailed ? 'identity_failed' : 'done',
        seconds: (performance.now() - started) / 1000,
        identity: identity?.applicable && identity.score !== null ? { score: identity.score, attempts: identity.attempts } : undefined,
        creditsSpent: run.credits_reserved - settled.refunded,
        creditsRefunded: settled.refunded,
      });
    }
    return identityFailed ? 'failed' : 'done';
  }

  /**
   * Marks a run failed with nothing produced and gives its credits back. `stage` says why when
   * it was not a plain failure (moderated by the provider, past its deadline, canceled).
   */
  async fail(runId: RunId, error: string, stage: Extract<RunStage, 'failed' | 'moderated' | 'expired' | 'canceled'> = 'failed'): Promise<void> {
    const run = await this.deps.repos.runs.find(runId);
    const settled = await settleRun(this.deps.repos, runId, { kind: 'failed', error, stage }, this.deps.logger, this.deps.runEnded);
    if (run && settled) {
      const seconds = (Date.now() - new Date(run.created_at).getTime()) / 1000;
      const provider = run.provider ?? 'unknown';
      this.deps.observer?.({ mode: run.mode, provider, outcome: stage === 'moderated' ? 'moderated' : 'failed', seconds, creditsSpent: 0, creditsRefunded: settled.refunded });
    }
  }

  /** The person's own uploads, from storage; a text-only custom prompt starts from a canvas. */
  private async readSources(request: StoredRunRequest): Promise<[Buffer, ...Buffer[]]> {
    const sources = await Promise.all(
      request.sources.map(async (source) => {
        const data = await readObject(this.deps.storage, source.key);
        if (!data) throw new PermanentGenerationError('The source photo is no longer available');
        return data;
      }),
    );
    const [first, ...others] = sources;
    return first ? [first, ...others] : [await textCanvas(request.aspectRatio, request.seed)];
  }
}

/** The stored request, or a failure retrying cannot fix (the person reads why the run failed). */
function readRequest(json: unknown): StoredRunRequest {
  try {
    return readStoredRunRequest(json);
  } catch (error) {
    if (error instanceof UnreadableRunRequestError) throw new PermanentGenerationError(error.message);
    throw error;
  }
}
