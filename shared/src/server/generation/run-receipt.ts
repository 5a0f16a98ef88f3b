import type { RunReceipt } from '../../api/run-receipt';
import type { GenerationRun, Media } from '../db/schema';
import type { RunControlRepository } from '../db/repositories/run-control.repository';

type ReceiptRun = Pick<
  GenerationRun,
  'status' | 'stage' | 'error' | 'provider' | 'credits_reserved' | 'credits_refunded' | 'created_at' | 'started_at' | 'finished_at' | 'identity_scores'
> & { seed?: number | null };

export const MODERATED_REASON = "The AI service's safety filter declined this request, so nothing was made. Your credits were refunded.";
export const CANCELED_REASON = 'You canceled this run. Your credits were refunded.';
export const EXPIRED_REASON = 'The AI service took too long, so the run was stopped. Your credits were refunded.';

/**
 * The receipt of a run's latest attempt: its credits (the run row keeps the reservation and the
 * refund, written with their ledger entries in one transaction), each likeness attempt with the
 * threshold, who made it, how long it waited and ran, and why it failed in plain words.
 */
export function runReceipt(run: ReceiptRun, media?: Pick<Media, 'metadata'> & Partial<Pick<Media, 'screening'>>): RunReceipt {
  const metadata = (media?.metadata ?? {}) as Record<string, unknown>;
  const { attempts, threshold } = likeness(run, metadata);
  const refunded = run.status === 'processing' ? 0 : run.credits_refunded;
  return {
    creditsReserved: run.credits_reserved,
    creditsCharged: run.status === 'processing' ? 0 : Math.max(0, run.credits_reserved - refunded),
    creditsRefunded: refunded,
    attempts,
    threshold,
    provider: run.provider ?? stringOr(metadata.provider),
    model: stringOr(metadata.model),
    // A run canceled in the queue never started: it waited until it ended.
    queuedSeconds: seconds(run.created_at, run.started_at ?? run.finished_at),
    runningSeconds: run.started_at ? seconds(run.started_at, run.finished_at) : null,
    reason: reasonOf(run, attempts, threshold),
    seed: run.seed === undefined || run.seed === null ? null : Number(run.seed),
    screening: screeningOf(media?.screening),
  };
}

function screeningOf(screening: Media['screening'] | undefined): RunReceipt['screening'] {
  if (!screening) return null;
  const { classifier, verdict, scores, providerFlagged } = screening;
  return { classifier, verdict, scores, providerFlagged: providerFlagged === true };
}

/** Receipts for the items of a library page, keyed by run id: one query whatever the page size. */
export class RunReceipts {
  constructor(private readonly repos: { runControl: Pick<RunControlRepository, 'findMany'> }) {}

  async forMedia(userId: string, items: Array<Pick<Media, 'run_id' | 'metadata'> & Partial<Pick<Media, 'screening'>>>): Promise<Map<string, RunReceipt>> {
    const runIds = [...new Set(items.flatMap((m) => (m.run_id ? [m.run_id] : [])))];
    const runs = new Map((await this.repos.runControl.findMany(userId, runIds)).map((run) => [run.run_id, run]));
    const receipts = new Map<string, RunReceipt>();
    for (const item of items) {
      const run = item.run_id ? runs.get(item.run_id) : undefined;
      if (run && item.run_id) receipts.set(item.run_id, runReceipt({ ...run, seed: seedOf(run.request) }, item));
    }
    return receipts;
  }
}

/** Each attempt's score as the worker stored them; else the kept attempt, from the media's metadata. */
function likeness(run: ReceiptRun, metadata: Record<string, unknown>): Pick<RunReceipt, 'attempts' | 'threshold'> {
  const stored = run.identity_scores;
  if (stored && Array.isArray(stored.scores)) {
    return {
      threshold: stored.threshold,
      attempts: stored.scores.map((score, i) => ({ attempt: i + 1, identityScore: score, passed: score === null ? null : score >= stored.threshold })),
    };
  }
  const identity = metadata.identity as { applicable?: boolean; score?: number | null; threshold?: number; attempts?: number; passed?: boolean } | undefined;
  if (!identity || identity.applicable === false) return { attempts: [], threshold: identity?.threshold ?? null };
  return {
    threshold: identity.threshold ?? null,
    attempts: [{ attempt: Math.max(1, identity.attempts ?? 1), identityScore: identity.score ?? null, passed: identity.passed ?? null }],
  };
}

function reasonOf(run: ReceiptRun, attempts: RunReceipt['attempts'], threshold: number | null): string | null {
  if (run.status !== 'failed') return null;
  if (run.stage === 'moderated') return MODERATED_REASON;
  if (run.stage === 'canceled') return CANCELED_REASON;
  if (run.stage === 'expired') return EXPIRED_REASON;
  const scores = attempts.flatMap((a) => (a.identityScore === null ? [] : [a.identityScore]));
  if (threshold !== null && scores.length > 0 && Math.max(...scores) < threshold) {
    const best = Math.max(...scores);
    return `The result did not look enough like you: its best likeness was ${best.toFixed(2)} and ${threshold.toFixed(2)} is needed. The image was kept.`;
  }
  return run.error ?? 'Generation failed.';
}

function seconds(from: Date | null, to: Date | null): number | null {
  if (!from || !to) return null;
  return Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 100) / 10);
}

function stringOr(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The seed a run's stored request names (each retry stores its own), if it reads as one. */
export function seedOf(request: unknown): number | null {
  const seed = (request as { seed?: unknown } | null)?.seed;
  return typeof seed === 'number' && Number.isInteger(seed) ? seed : null;
}
