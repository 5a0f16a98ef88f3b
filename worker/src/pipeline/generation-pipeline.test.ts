import { COST_IMAGE, type RunId, runIdSchema } from '@app/shared';
import type { IdentityScores, RunPass, User } from '@app/shared/server/db';
import type { RunProgress } from '@app/shared/server/queue';
import { FakeRunRepositories } from '@app/shared/testing/fake-run-repositories';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { GenerationPipeline, IDENTITY_FAILED, type PipelineRepositories } from './generation-pipeline';
import type { RunMediaRow } from './output-storage';
import { FakeProvider, MemoryStorage, fakeIdentity, fakeVideo, solidImage } from '../../testing/pipeline-fakes';
import { PermanentGenerationError } from './ports';
import { onlyProvider } from '../providers/provider-routing';
import { RunScreening } from '../screening/run-screening';
import { FakeScreener } from '../../testing/fake-screener';
import { parseConfig } from '@app/shared/server/config';

const runId: RunId = runIdSchema.parse('run-00000001');
const request = {
  serviceMode: 'custom-prompt',
  presetType: 'custom_prompt',
  prompt: 'me on the moon',
  aspectRatio: '4:5',
  sources: [{ key: 'users/friend/uploads/a.png', url: 'http://media.test/users/friend/uploads/a.png', publicId: 'a' }],
  enableVideo: false,
  identity: { threshold: 0.5, retries: 1, blocking: true },
  cost: 5,
  seed: 1,
};

const thresholds = parseConfig({ NODE_ENV: 'test' }).screening.thresholds;

async function setUp(
  scores: number[],
  storedRequest: Record<string, unknown> = request,
  { screener = new FakeScreener() as FakeScreener | null, shareToFeed = false } = {},
) {
  const fakes = new FakeRunRepositories();
  fakes.balances.set('friend', 0);
  fakes.addRun({ runId, userId: 'friend', creditsReserved: 5, request: storedRequest });
  const media: RunMediaRow[] = [];
  const started: string[] = [];
  const identityScores: IdentityScores[] = [];
  const passes: RunPass[] = [];
  const baseRuns = fakes.runs;
  const repos: PipelineRepositories = Object.assign(fakes, {
    runs: {
      ...baseRuns,
      recordAttempt: async (id: string) => {
        started.push(id);
        return 1;
      },
      recordPass: async (_id: string, pass: RunPass) => void passes.push(pass),
    },
    users: { findById: async (id: string) => ({ id, share_to_feed: shareToFeed, referrer_id: 'inviter' }) as User },
    media: { insertRunOutput: async (row: RunMediaRow) => void media.push(row) },
    runEvents: {
      saveIdentityScores: async (_id: string, scores: IdentityScores) => void identityScores.push(scores),
    },
  });
  const storage = new MemoryStorage();
  await storage.put('users/friend/uploads/a.png', (await solidImage(64, 80)).data, { contentType: 'image/png' });
  const provider = new FakeProvider();
  const pipeline = new GenerationPipeline({
    repos,
    storage,
    providers: onlyProvider(provider),
    identity: fakeIdentity(scores),
    video: fakeVideo,
    screening: new RunScreening({ screener, thresholds, uploads: { findByPublicId: async () => undefined, saveScreening: async () => {} }, logger: pino({ level: 'silent' }) }),
    logger: pino({ level: 'silent' }),
    providerTimeoutMs: 5_000,
  });
  return { pipeline, fakes, media, provider, started, identityScores, passes };
}

describe('GenerationPipeline', () => {
  it('makes, stores and settles a run: media kept, the unused reservation refunded, the inviter rewarded', async () => {
    const { pipeline, fakes, media, provider } = await setUp([0.9]);
    expect(await pipeline.run(runId)).toBe('done');
    expect(provider.requests[0]).toMatchObject({ mode: 'custom-prompt', prompt: 'me on the moon', aspectRatio: '4:5' });
    expect(media).toHaveLength(1);
    expect(media[0]).toMatchObject({ run_id: runId, user_id: 'friend', is_public: false, type: 'image' });
    expect(fakes.runsById.get(runId)).toMatchObject({ status: 'done', credits_refunded: 5 - COST_IMAGE });
    expect(fakes.balances.get('friend')).toBe(5 - COST_IMAGE);
    expect(fakes.balances.get('inviter')).toBe(10);
  });

  it('keeps an image that failed the identity check and fails the run with the reason', async () => {
    const { pipeline, fakes, media } = await setUp([0.1, 0.2]);
    expect(await pipeline.run(runId)).toBe('failed');
    expect(media).toHaveLength(1);
    expect(fakes.runsById.get(runId)).toMatchObject({ status: 'failed', error: IDENTITY_FAILED });
  });

  it('refuses a stored request it cannot read, saying so, without making anything', async () => {
    const { pipeline, provider, media } = await setUp([0.9], { ...request, aspectRatio: '5:1' });
    const failure = pipeline.run(runId);
    await expect(failure).rejects.toBeInstanceOf(PermanentGenerationError);
    await expect(failure).rejects.toThrow(/stored request of this run is unreadable \(aspectRatio/);
    expect(provider.requests).toHaveLength(0);
    expect(media).toHaveLength(0);
  });

  it('fails for good when a source photo is gone', async () => {
    const gone = { ...request, sources: [{ key: 'users/friend/uploads/missing.png', url: 'x', publicId: 'm' }] };
    const { pipeline } = await setUp([0.9], gone);
    await expect(pipeline.run(runId)).rejects.toThrow('The source photo is no longer available');
  });

  it('skips a run already settled, and fail() gives every credit back once', async () => {
    const { pipeline, fakes, provider } = await setUp([0.9]);
    await pipeline.fail(runId, 'Timeout: the AI service took too long');
    await pipeline.fail(runId, 'again');
    expect(fakes.balances.get('friend')).toBe(5);
    expect(fakes.runsById.get(runId)?.error).toBe('Timeout: the AI service took too long');
    expect(await pipeline.run(runId)).toBe('skipped');
    expect(provider.requests).toHaveLength(0);
  });

  it('carries the person\'s cancel of the run to every provider request of it, beside the deadline', async () => {
    const { pipeline, fakes, provider } = await setUp([0.1, 0.9]);
    const cancel = new AbortController();
    expect(await pipeline.run(runId, { signal: cancel.signal })).toBe('done');
    expect(provider.requests.map((r) => r.slot)).toEqual(['image-1', 'image-2']);
    expect(provider.requests.map((r) => r.signal.aborted)).toEqual([false, false]);
    cancel.abort();
    expect(provider.requests.map((r) => r.signal.aborted)).toEqual([true, true]);
    expect(fakes.runsById.get(runId)).toMatchObject({ status: 'done', stage: 'succeeded' });
  });

  it('ends a moderated run moderated, with every credit back', async () => {
    const { pipeline, fakes } = await setUp([0.9]);
    await pipeline.fail(runId, "Generation failed: fal.ai's safety filter blocked this image", 'moderated');
    expect(fakes.runsById.get(runId)).toMatchObject({ status: 'failed', stage: 'moderated' });
    expect(fakes.balances.get('friend')).toBe(5);
  });

  it('reports the run live in order (started, each likeness attempt) and keeps every score for the receipt', async () => {
    const { pipeline, started, identityScores } = await setUp([0.1, 0.9]);
    const reported: RunProgress[] = [];
    expect(await pipeline.run(runId, { progress: async (progress) => void reported.push(progress) })).toBe('done');
    expect(reported).toEqual([
      { userId: 'friend', event: { type: 'run.started', runId, provider: 'fake' } },
      { userId: 'friend', event: { type: 'run.attempt', runId, attempt: 1, of: 2, identityScore: 0.1, threshold: 0.5 } },
      { userId: 'friend', event: { type: 'run.attempt', runId, attempt: 2, of: 2, identityScore: 0.9, threshold: 0.5 } },
    ]);
    expect(started).toEqual([runId]);
    expect(identityScores).toEqual([{ threshold: 0.5, scores: [0.1, 0.9] }]);
  });

  it('keeps the pass step by step for the admin’s run timeline, with tracing off: each attempt with its provider call and identity verdict, then screening, storage and the settlement', async () => {
    const { pipeline, passes } = await setUp([0.1, 0.9]);
    expect(await pipeline.run(runId)).toBe('done');
    expect(passes).toHaveLength(1);
    const [pass] = passes as [RunPass];
    expect(pass.traceId).toBeNull();
    expect(pass.steps.map((step) => `${'  '.repeat(step.depth)}${step.name}`)).toEqual([
      'generation.run',
      '  generation.attempt',
      '    provider.generate',
      '    identity.check',
      '  generation.attempt',
      '    provider.generate',
      '    identity.check',
      '  screening',
      '  storage.write',
      '  settle',
    ]);
    const checks = pass.steps.filter((step) => step.name === 'identity.check');
    expect(checks.map((step) => [step.facts['identity.score'], step.facts['identity.passed']])).toEqual([
      [0.1, false],
      [0.9, true],
    ]);
    expect(pass.steps.find((step) => step.name === 'provider.generate')?.facts).toMatchObject({ provider: 'fake', slot: 'image-1' });
    // Steps follow one another: each starts no earlier than the one before, and a step lies inside its pass.
    const [run, ...inside] = pass.steps;
    for (const [index, step] of inside.entries()) {
      expect(step.offsetMs).toBeGreaterThanOrEqual(pass.steps[index]!.offsetMs);
      expect(step.offsetMs + step.ms).toBeLessThanOrEqual(run!.offsetMs + run!.ms + 1);
    }
    expect(run!.facts.outcome).toBe('done');
  });

  it('keeps a failed pass with the reason on the step that failed', async () => {
    const { pipeline, passes, provider } = await setUp([0.9]);
    provider.failOn.add(1);
    await expect(pipeline.run(runId)).rejects.toThrow('provider hiccup');
    const steps = passes[0]!.steps;
    expect(steps.find((step) => step.name === 'provider.generate')?.error).toBe('provider hiccup');
    expect(steps.find((step) => step.name === 'generation.run')?.error).toBe('provider hiccup');
    expect(steps.map((step) => step.name)).not.toContain('settle');
  });

  it('carries on when a progress report cannot be written', async () => {
    const { pipeline, fakes } = await setUp([0.9]);
    expect(await pipeline.run(runId, { progress: () => Promise.reject(new Error('redis away')) })).toBe('done');
    expect(fakes.runsById.get(runId)?.status).toBe('done');
  });

  describe('screening before the media row is written (default thresholds)', () => {
    it('stores an item scored above "block" private and held, with the class as the reason, and still settles the run', async () => {
      const screener = new FakeScreener().answer({ Porn: 0.93, Neutral: 0.07 });
      const { pipeline, fakes, media } = await setUp([0.9], request, { screener, shareToFeed: true });
      expect(await pipeline.run(runId)).toBe('done');
      expect(media[0]).toMatchObject({ is_public: false, moderation: 'held', moderation_reason: 'Porn' });
      expect(JSON.parse(media[0]?.screening as string)).toMatchObject({ classifier: 'fake', verdict: 'block', scores: { Porn: 0.93 } });
      expect(fakes.runsById.get(runId)).toMatchObject({ status: 'done' });
    });

    it('keeps the owner\'s public choice for an item between "review" and "block", which waits for review', async () => {
      const screener = new FakeScreener().answer({ Sexy: 0.85, Neutral: 0.15 });
      const { pipeline, media } = await setUp([0.9], request, { screener, shareToFeed: true });
      await pipeline.run(runId);
      expect(media[0]).toMatchObject({ is_public: true, moderation: 'review', moderation_reason: 'Sexy' });
    });

    it('clears a plain portrait, output and source photo both classified', async () => {
      const screener = new FakeScreener();
      const { pipeline, media } = await setUp([0.9], request, { screener, shareToFeed: true });
      await pipeline.run(runId);
      expect(screener.screened).toBe(2);
      expect(media[0]).toMatchObject({ is_public: true, moderation: 'clear', moderation_reason: null });
      expect(JSON.parse(media[0]?.screening as string)).toMatchObject({ verdict: 'public' });
    });

    it('holds the output when the source photo scores above "block" (the worst of them wins)', async () => {
      const screener = new FakeScreener().answer({ Neutral: 1 }, { Hentai: 0.9 });
      const { pipeline, media } = await setUp([0.9], request, { screener, shareToFeed: true });
      await pipeline.run(runId);
      expect(media[0]).toMatchObject({ is_public: false, moderation: 'held', moderation_reason: 'Hentai' });
    });

    it('keeps the run when the classifier fails: the item waits for review as unscreened', async () => {
      const screener = new FakeScreener().answer(new Error('model crashed'));
      const { pipeline, fakes, media } = await setUp([0.9], request, { screener, shareToFeed: true });
      expect(await pipeline.run(runId)).toBe('done');
      expect(media[0]).toMatchObject({ is_public: true, moderation: 'review', moderation_reason: 'unscreened', screening: null });
      expect(fakes.runsById.get(runId)).toMatchObject({ status: 'done' });
    });

    it('with SCREENING=off, stores the item clear and unscreened', async () => {
      const { pipeline, media } = await setUp([0.9], request, { screener: null, shareToFeed: true });
      await pipeline.run(runId);
      expect(media[0]).toMatchObject({ is_public: true, moderation: 'clear', screening: null });
    });
  });
});
