import { vi } from 'vitest';
import type { Notice } from '@app/shared';
import { systemTimers } from '../src/lib/scheduler';
import type { GenerationApi } from '../src/features/generation/generation-api';
import { createRunStore } from '../src/state/run-reducer';
import { createGenerationEngine, type GenerationEngineDeps } from '../src/features/generation/generation-engine';
import { GENERATION_EVENTS } from '../src/features/generation/generation-events';
import type { SubmitAnswer } from '@app/shared/api/generation';
import type { RunMedia } from '@app/shared/api/media';
import type { RunPoll } from '../src/features/generation/generation-types';

/** Test doubles of the engine's dependencies (imported by the *.test.ts files only). */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A run's media as the server's schema has it (getMediaByRunId, run.done). */
export function media(runId: string, patch: Partial<RunMedia> = {}): RunMedia {
  const url = `https://cdn.example.com/${runId}.png`;
  return {
    id: `media-${runId}`,
    userId: 'user-1',
    runId,
    mediaType: 'photo',
    type: 'image',
    url,
    finalUrl: url,
    imageUrl: url,
    thumbnailUrl: `https://cdn.example.com/${runId}_thumb.png`,
    presetType: 'custom',
    presetKey: null,
    prompt: 'a cat in space',
    width: 832,
    height: 1216,
    variants: [],
    tags: [],
    likes_count: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    cloudinaryPublicId: null,
    status: 'completed',
    isPublic: true,
    expiresAt: null,
    metadata: { provider: 'local', identity: { applicable: true, score: 0.8, threshold: 0.65, attempts: 1, passed: true } },
    ...patch,
  };
}

/** A poll that finds the run done. */
export function done(runId: string, patch: Partial<RunMedia> = {}): RunPoll {
  return { kind: 'ended', event: { type: 'run.done', runId, media: media(runId, patch), charged: 2, balance: 18 } };
}

/** A poll that finds the run failed (`withMedia`: the image was kept, the identity check failed). */
export function failed(runId: string, error: string, withMedia?: Partial<RunMedia>): RunPoll {
  if (withMedia) return { kind: 'ended', event: { type: 'run.done', runId, media: media(runId, { status: 'failed', ...withMedia }), charged: 2, balance: 18 } };
  return { kind: 'ended', event: { type: 'run.failed', runId, error, refunded: 2, balance: 20 } };
}

export const PROCESSING: RunPoll = { kind: 'processing' };

export interface Recorded {
  name: string;
  detail: unknown;
  at: number;
}

export interface ShownToast extends Notice {
  kind: string;
  onClick?: () => void;
  at: number;
}

export function harness(overrides: Partial<GenerationEngineDeps> = {}) {
  const log: string[] = [];
  const events = new EventTarget();
  const seen: Recorded[] = [];
  for (const name of Object.values(GENERATION_EVENTS)) {
    events.addEventListener(name, (event) => {
      seen.push({ name, detail: (event as CustomEvent).detail, at: Date.now() });
      log.push(`event:${name}`);
    });
  }
  const toasts: ShownToast[] = [];
  const notifier = {
    show: vi.fn((kind: string, notice: Notice & { onClick?: () => void }) => {
      toasts.push({ kind, ...notice, at: Date.now() });
      log.push(`toast:${kind}:${notice.title}`);
    }),
  };
  const api = {
    getQuota: vi.fn<GenerationApi['getQuota']>(async () => {
      log.push('api:getQuota');
      return 20;
    }),
    submit: vi.fn<GenerationApi['submit']>(async (body) => {
      log.push('api:submit');
      return { success: true, jobId: body.runId, runId: body.runId as SubmitAnswer['runId'], status: 'processing', cost: 2, balance: 18 };
    }),
    getMediaByRunId: vi.fn<GenerationApi['getMediaByRunId']>(async () => PROCESSING),
    findUserMediaByRunId: vi.fn<GenerationApi['findUserMediaByRunId']>(async () => null),
    quote: vi.fn<GenerationApi['quote']>(async () => {
      log.push('api:quote');
      return { success: true as const, cost: 2, balance: 20, enough: true };
    }),
    cancelRun: vi.fn<GenerationApi['cancelRun']>(async (runId) => ({ success: true as const, runId, status: 'canceled' as const, refunded: 2, balance: 20 })),
    retryRun: vi.fn<GenerationApi['retryRun']>(async () => {
      log.push('api:retryRun');
    }),
    quoteVariation: vi.fn<GenerationApi['quoteVariation']>(async () => {
      log.push('api:quoteVariation');
      return { success: true as const, cost: 2, balance: 20, enough: true };
    }),
    submitVariation: vi.fn<GenerationApi['submitVariation']>(async (body) => {
      log.push(`api:submitVariation:${body.variationOf}`);
      return { success: true, jobId: body.runId ?? '', runId: body.runId as SubmitAnswer['runId'], status: 'processing', cost: 2, balance: 18 };
    }),
  };
  const navigate = vi.fn((path: string) => {
    log.push(`navigate:${path}`);
  });
  let n = 0;
  const invalidated: { key: readonly unknown[]; at: number }[] = [];
  const composerCalls: string[] = [];
  const deps: GenerationEngineDeps = {
    api,
    events,
    notifier,
    timers: systemTimers,
    createRunId: () => `run-000${(n += 1)}`,
    isSignedIn: () => true,
    getUserId: () => 'user-1',
    isMobile: () => false,
    navigate,
    getWeeklyPresets: () => [{ id: 'week_neon', key: 'week_neon', label: 'Neon', prompt: 'neon portrait' }],
    now: () => new Date('2025-01-01T00:00:00.000Z'),
    invalidate: (key) => {
      invalidated.push({ key, at: Date.now() });
    },
    composer: {
      close: () => composerCalls.push('close'),
      clear: (reason) => composerCalls.push(`clear:${reason}`),
    },
    ...overrides,
  };
  const store = createRunStore(() => Date.now());
  const engine = createGenerationEngine(deps, store);
  const named = (name: string) => seen.filter((entry) => entry.name === name);
  return { engine, store, api, log, seen, named, toasts, notifier, navigate, events, deps, invalidated, composerCalls };
}
