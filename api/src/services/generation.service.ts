import { randomInt } from 'node:crypto';
import {
  INVALID_RUN_ID,
  PREFLIGHT_MIN_CREDITS,
  type RunId,
  UNKNOWN_PRESET,
  generationCost,
  nearestAspectRatio,
  newRunId,
  parseGenerationRequest,
} from '@app/shared';
import {
  type QuoteGenerationAnswer,
  type RunAnswer,
  type RunProcessingAnswer,
  type SubmitAnswer,
  VARIATION_NOT_FOUND,
  type VariationRequest,
  isVariationBody,
  variationRequestSchema,
} from '@app/shared/api/generation';
import type { Logger } from '@app/shared/server/logger';
import { tagRun } from '@app/shared/server/tracing';
import type { MediaUrls } from '@app/shared/server/storage';
import { RunIdTaken, type SourceUpload } from '@app/shared/server/repositories';
import { InvalidInputError, NotFoundError } from '@app/shared/server/domain-errors';
import type { SettleRepositories } from '@app/shared/server/generation/settle-run';
import { RunAnswers } from '@app/shared/server/generation/run-answer';
import type { RunWebhooks } from '@app/shared/server/generation/run-webhooks';
import { type StoredRunRequest, readStoredRunRequest, storedRunRequestSchema } from '@app/shared/server/generation/stored-request';
import type { Repositories } from '@app/shared/server/repositories';
import { accountInGoodStanding } from './account-standing';
import { type RunQueues, enqueueRun, insufficientCredits, tooManyRuns } from './enqueue-run';
import type { WeeklyPresetsService } from './weekly-presets.service';

export const FOREIGN_SOURCE = 'Source must be a photo you uploaded';
export const DEFAULT_MAX_RUNS_IN_FLIGHT = 10;
export const WEBHOOKS_UNAVAILABLE = 'webhookUrl is not accepted here';

/** A run's webhook as the submit uses it: its address checked, its end told (`RunWebhooks`). */
export type SubmitWebhooks = Pick<RunWebhooks, 'checkUrl' | 'runEnded'>;

/** Without webhooks (a service built without them): an address is refused, nothing is told. */
const NO_WEBHOOKS: SubmitWebhooks = {
  checkUrl: () => {
    throw new InvalidInputError(WEBHOOKS_UNAVAILABLE, 'INVALID_WEBHOOK_URL');
  },
  runEnded: async () => {},
};

/** The repositories generation reads and writes (`createRepositories(db)` provides them). */
export interface GenerationRepositories extends Omit<SettleRepositories, 'runs' | 'transaction'> {
  runs: Pick<Repositories['runs'], 'find' | 'finish' | 'submitContext' | 'reserveRun' | 'ofAccount'>;
  users: Pick<Repositories['users'], 'findById'>;
  media: Pick<Repositories['media'], 'findByRunId' | 'findById'>;
  transaction<T>(fn: (repos: GenerationRepositories) => Promise<T>): Promise<T>;
}

/**
 * unified-generate and its polling: validates a request, resolves its sources to the
 * person's own uploads, reserves credits, records the run and enqueues its job (id = run id).
 */
export class GenerationService {
  private readonly answers: RunAnswers;

  constructor(
    private readonly repos: GenerationRepositories,
    private readonly queues: RunQueues,
    private readonly weeklyPresets: Pick<WeeklyPresetsService, 'find'>,
    private readonly urls: MediaUrls,
    private readonly logger: Logger,
    private readonly limits: { maxRunsInFlight: number } = { maxRunsInFlight: DEFAULT_MAX_RUNS_IN_FLIGHT },
    private readonly webhooks: SubmitWebhooks = NO_WEBHOOKS,
  ) {
    this.answers = new RunAnswers(repos, urls);
  }

  /**
   * `userId` is the session's (`authenticate({ require: 'session' })`): the account is read here, in the submit's first
   * query, and refused there when deleted or banned, as `authenticate({ require: 'user' })` would.
   */
  async submit(userId: string, body: unknown): Promise<SubmitAnswer> {
    if (isVariationBody(body)) return this.submitVariation(userId, parseVariation(body));
    const parsed = parseGenerationRequest(body);
    if (!parsed.success) {
      // Who may not submit hears that first, as from `authenticate({ require: 'user' })`, before what is wrong with the request.
      accountInGoodStanding(await this.repos.users.findById(userId));
      throw new InvalidInputError(parsed.error, 'INVALID_REQUEST', parsed.issues.map((i) => `${i.path}: ${i.message}`));
    }
    const request = parsed.data;
    const runId = request.runId ?? newRunId();
    const answer = (balance: number): SubmitAnswer => ({ success: true, jobId: runId, runId, status: 'processing', cost: request.cost, balance });

    // Two round trips to Postgres (eleven before): what the submit reads (the account, the run id's
    // owner, the sources), then one statement that debits, records the run and writes the ledger
    // together (`reserveRun`: the submit policy).
    const sources = request.sources.map((source) => this.sourceRef(source));
    const context = await this.repos.runs.submitContext(userId, runId, {
      keys: sources.flatMap((s) => (s.key !== undefined ? [s.key] : [])),
      publicIds: sources.flatMap((s) => (s.publicId !== undefined ? [s.publicId] : [])),
    });
    const user = accountInGoodStanding(context.account);
    const webhookUrl = request.webhookUrl === undefined ? undefined : this.webhooks.checkUrl(request.webhookUrl);
    // Someone else's run id is, for this person, just a run id they cannot use: the same
    // 400 as a malformed one, never a word about another account holding it.
    if (context.runOwner !== undefined && context.runOwner !== user.id) throw invalidRunId();
    // The same run id again (a client resending its submit): the run stands, nothing is charged twice.
    if (context.runOwner !== undefined) return answer(user.credits);
    if (user.credits < PREFLIGHT_MIN_CREDITS) throw insufficientCredits(request.cost, user.credits);
    let prompt = request.prompt;
    let negativePrompt = request.negativePrompt;
    let presetLabel = request.presetLabel;
    if (request.serviceMode === 'presets') {
      const weekly = await this.thisWeeksPreset(request.presetKey);
      prompt = weekly.prompt;
      negativePrompt = weekly.negativePrompt ?? negativePrompt;
      presetLabel = weekly.label;
    }
    const uploads = ownSources(user.id, sources, context.uploads);
    const first = uploads[0];
    const stored = storedRunRequestSchema.parse({
      serviceMode: request.serviceMode,
      presetType: request.presetType,
      presetId: request.presetId,
      presetKey: request.presetKey,
      presetLabel: presetLabel || undefined,
      prompt,
      negativePrompt: negativePrompt || undefined,
      // Without a preset the output keeps the photo's shape; a text-only prompt gets the parsed default.
      aspectRatio: request.preset || !first ? request.aspectRatio : nearestAspectRatio(first.width, first.height),
      sources: uploads.map((u) => ({ key: u.storage_key, publicId: u.public_id })),
      enableVideo: request.enableVideo,
      identity: request.identity,
      cost: request.cost,
      seed: randomInt(0, 2 ** 31 - 1),
    });
    return this.reserveAndEnqueue(user, runId, stored, webhookUrl);
  }

  /**
   * A variation of one of the person's finished items: its run's look, prompt and photos again
   * under a new seed, at what that mode costs now, grouped under the original (or, for a
   * variation of a variation, under the first one). Someone else's item, public or not, is not
   * found: nobody can make takes of another person's photo.
   */
  private async submitVariation(userId: string, request: VariationRequest): Promise<SubmitAnswer> {
    const runId = request.runId ?? newRunId();
    const context = await this.repos.runs.submitContext(userId, runId, { keys: [], publicIds: [] });
    const user = accountInGoodStanding(context.account);
    const webhookUrl = request.webhookUrl === undefined ? undefined : this.webhooks.checkUrl(request.webhookUrl);
    if (context.runOwner !== undefined && context.runOwner !== user.id) throw invalidRunId();
    const base = await this.variationBase(userId, request.variationOf);
    if (context.runOwner !== undefined) return { success: true, jobId: runId, runId, status: 'processing', cost: base.cost, balance: user.credits };
    if (user.credits < PREFLIGHT_MIN_CREDITS) throw insufficientCredits(base.cost, user.credits);
    return this.reserveAndEnqueue(user, runId, base, webhookUrl);
  }

  /** The stored request a variation of `mediaId` runs: the original's, with a new seed and today's price. */
  private async variationBase(userId: string, mediaId: string): Promise<StoredRunRequest> {
    const media = await this.repos.media.findById(mediaId);
    const live = media && media.status === 'completed' && (!media.expires_at || media.expires_at > new Date());
    const run = live && media.user_id === userId && media.run_id ? await this.repos.runs.find(media.run_id) : undefined;
    if (!media || !run || run.user_id !== userId) throw new NotFoundError(VARIATION_NOT_FOUND, 'MEDIA_NOT_FOUND');
    const { retry: _retry, ...original } = readStoredRunRequest(run.request);
    // A weekly look is this week's to make, a new take of an older item included.
    if (original.serviceMode === 'presets') await this.thisWeeksPreset(original.presetKey);
    return storedRunRequestSchema.parse({
      ...original,
      seed: randomInt(0, 2 ** 31 - 1),
      variationOf: media.variation_of ?? media.id,
      cost: generationCost({ serviceMode: original.serviceMode, enableVideo: original.enableVideo, sources: original.sources.map((s) => s.key) }),
    });
  }

  /** The weekly preset `key` names, when it is one of this week's; else the 400 of an unknown preset. */
  private async thisWeeksPreset(key: string | undefined) {
    const weekly = key ? await this.weeklyPresets.find(key) : undefined;
    if (!weekly) throw new InvalidInputError(UNKNOWN_PRESET, 'UNKNOWN_PRESET');
    return weekly;
  }

  /** Debits the run's cost, records it (with its webhook's address) and its ledger entry (one statement) and enqueues its job. */
  private async reserveAndEnqueue(user: { id: string; credits: number }, runId: RunId, stored: StoredRunRequest, webhookUrl: string | undefined): Promise<SubmitAnswer> {
    const answer = (balance: number): SubmitAnswer => ({ success: true, jobId: runId, runId, status: 'processing', cost: stored.cost, balance });
    const userId = user.id;
    const request = { serviceMode: stored.serviceMode, cost: stored.cost };
    const outcome = await this.repos.runs
      .reserveRun({ runId, userId, mode: request.serviceMode, request: stored, creditsReserved: request.cost, maxInFlight: this.limits.maxRunsInFlight, webhookUrl: webhookUrl ?? null })
      .catch(async (error: unknown) => {
        if (!(error instanceof RunIdTaken)) throw error;
        // Another submit took this run id meanwhile (this one's debit did not commit).
        const run = await this.repos.runs.find(runId);
        return { kind: 'exists' as const, ownerIsOther: run !== undefined && run.user_id !== user.id };
      });
    if (outcome.kind === 'no-account') accountInGoodStanding(undefined);
    if (outcome.kind === 'too-many') throw tooManyRuns();
    if (outcome.kind === 'insufficient-credits') throw insufficientCredits(request.cost, outcome.balance);
    if ('ownerIsOther' in outcome && outcome.ownerIsOther) throw invalidRunId();
    const created = outcome.kind === 'created' ? outcome : undefined;
    if (!created) return answer((await this.repos.users.findById(user.id))?.credits ?? user.credits);

    tagRun(runId, request.serviceMode);
    await enqueueRun({ queues: this.queues, repos: this.repos, logger: this.logger, ended: this.webhooks.runEnded }, runId, created.priority);
    this.logger.info({ runId, mode: request.serviceMode, cost: request.cost, priority: created.priority }, 'generation queued');
    return answer(created.balance);
  }

  /**
   * quote-generation: what `submit` would charge for this body (the same schema and the same
   * `generationCost`), the person's credits, and whether they cover it. Nothing is written.
   */
  async quote(userId: string, body: unknown): Promise<QuoteGenerationAnswer> {
    const user = accountInGoodStanding(await this.repos.users.findById(userId));
    if (isVariationBody(body)) {
      const { cost } = await this.variationBase(userId, parseVariation(body).variationOf);
      return { success: true, cost, balance: user.credits, enough: user.credits >= PREFLIGHT_MIN_CREDITS && user.credits >= cost };
    }
    const parsed = parseGenerationRequest(body);
    if (!parsed.success) throw new InvalidInputError(parsed.error, 'INVALID_REQUEST', parsed.issues.map((i) => `${i.path}: ${i.message}`));
    const { cost } = parsed.data;
    return { success: true, cost, balance: user.credits, enough: user.credits >= PREFLIGHT_MIN_CREDITS && user.credits >= cost };
  }

  /**
   * A processing answer while the run processes (the route answers it with a 202); the media when
   * done; the failure, with any image kept, when failed; 404 for a run the person has not got. `userId` is the session's (`authenticate({ require: 'session' })`): the account is read with the run, in one
   * query, and refused when deleted or banned, as `authenticate({ require: 'user' })` would.
   */
  async byRunId(userId: string, runId: RunId): Promise<RunAnswer | RunProcessingAnswer> {
    // The same answer the run's webhook carries (`RunAnswers`, shared with the worker).
    const { account, answer } = await this.answers.forOwner(userId, runId);
    accountInGoodStanding(account);
    if (!answer) throw new NotFoundError('No such run', 'NOT_FOUND');
    return answer;
  }

  /** An address of a file not ours matches no upload: it is refused as someone else's would be. */
  private sourceRef(source: string): SourceRef {
    return isUrl(source) ? { key: this.urls.keyOf(source) } : { publicId: source };
  }

  /** The account of a session whose request is refused before any run is read (a malformed one). */
  async accountOf(userId: string): Promise<void> {
    accountInGoodStanding(await this.repos.users.findById(userId));
  }
}

/** A variation's body: the item's id (and the client's run id); a bad one is a 400 that names it. */
function parseVariation(body: unknown): VariationRequest {
  const parsed = variationRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
  throw new InvalidInputError(parsed.error.issues[0]?.message ?? 'Invalid variation', 'INVALID_REQUEST', issues);
}

const invalidRunId = () => new InvalidInputError(INVALID_RUN_ID, 'INVALID_REQUEST', [`runId: ${INVALID_RUN_ID}`]);

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/** A source as a client named it: an address (of a file of ours: its key) or a public id. */
type SourceRef = { key: string | undefined; publicId?: undefined } | { key?: undefined; publicId: string };

/** Every source must be an upload of this person: the worker never fetches a client's URL. */
function ownSources(userId: string, sources: SourceRef[], found: SourceUpload[]): SourceUpload[] {
  return sources.map((source) => {
    const upload = found.find((u) => (source.publicId === undefined ? u.storage_key === source.key : u.public_id === source.publicId));
    if (!upload || upload.user_id !== userId) throw new InvalidInputError(FOREIGN_SOURCE, 'FOREIGN_SOURCE');
    if (upload.resource_type !== 'image') throw new InvalidInputError('Source must be a photo', 'SOURCE_NOT_IMAGE');
    return upload;
  });
}
