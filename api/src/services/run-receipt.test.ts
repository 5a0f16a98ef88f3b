import { runReceiptSchema } from '@app/shared/api/run-receipt';
import { describe, expect, it } from 'vitest';
import { CANCELED_REASON, MODERATED_REASON, RunReceipts, runReceipt } from '@app/shared/server/generation/run-receipt';
import { aMedia, aRun, RUN_CREATED_AT } from '../../testing/rows';

const created = RUN_CREATED_AT;
const at = (seconds: number) => new Date(created.getTime() + seconds * 1000);

describe('runReceipt', () => {
  it('shows what a run that went well cost, each likeness attempt, who made it and how long it took', () => {
    const media = aMedia({ metadata: { provider: 'fal', model: 'fal-ai/flux-pro/kontext' } });
    const receipt = runReceipt({ ...aRun({ identity_scores: { threshold: 0.75, scores: [0.61, null, 0.82] } }), seed: 20260817 }, media);
    expect(runReceiptSchema.parse(receipt)).toEqual({
      creditsReserved: 5,
      creditsCharged: 5,
      creditsRefunded: 0,
      attempts: [
        { attempt: 1, identityScore: 0.61, passed: false },
        { attempt: 2, identityScore: null, passed: null },
        { attempt: 3, identityScore: 0.82, passed: true },
      ],
      threshold: 0.75,
      provider: 'fal',
      model: 'fal-ai/flux-pro/kontext',
      queuedSeconds: 4,
      runningSeconds: 26,
      reason: null,
      seed: 20260817,
      screening: null,
    });
  });

  it('shows the screening\'s verdict and each class\'s score', () => {
    const screening = { classifier: 'nsfwjs 4.4.0 MobileNetV2', scores: { Drawing: 0.01, Hentai: 0, Neutral: 0.09, Porn: 0.9, Sexy: 0 }, verdict: 'block' as const, screenedAt: created.toISOString() };
    const receipt = runReceipt(aRun(), aMedia({ screening }));
    expect(runReceiptSchema.parse(receipt).screening).toEqual({ classifier: 'nsfwjs 4.4.0 MobileNetV2', verdict: 'block', scores: screening.scores, providerFlagged: false });
  });

  it('says in plain words that the safety filter declined a moderated run, and that it was refunded', () => {
    const receipt = runReceipt(aRun({ status: 'failed', stage: 'moderated', error: "fal.ai's safety filter blocked this image (nsfw).", credits_refunded: 5 }));
    expect(receipt).toMatchObject({ creditsCharged: 0, creditsRefunded: 5, reason: MODERATED_REASON });
  });

  it('counts a run canceled in the queue as waiting until it was canceled, never running', () => {
    const receipt = runReceipt(aRun({ status: 'failed', stage: 'canceled', started_at: null, finished_at: at(9), credits_refunded: 5 }));
    expect(receipt).toMatchObject({ queuedSeconds: 9, runningSeconds: null, creditsRefunded: 5, reason: CANCELED_REASON });
  });

  it('explains a failed likeness check with the best score and the threshold, from the kept image when no scores were stored', () => {
    const media = aMedia({ metadata: { identity: { applicable: true, score: 0.42, threshold: 0.75, attempts: 3, passed: false } } });
    const receipt = runReceipt(aRun({ status: 'failed', stage: 'failed', error: "Didn't pass identity check" }), media);
    expect(receipt.attempts).toEqual([{ attempt: 3, identityScore: 0.42, passed: false }]);
    expect(receipt.reason).toContain('0.42');
    expect(receipt.reason).toContain('0.75');
  });

  it('passes on a failure already written for people', () => {
    const error = 'Generation failed: the AI service is busy right now. Your credits were refunded.';
    expect(runReceipt(aRun({ status: 'failed', stage: 'failed', error, credits_refunded: 5 })).reason).toBe(error);
  });
});

describe('RunReceipts.forMedia', () => {
  it('reads the runs of a whole page at once and keys the receipts by run id', async () => {
    const calls: string[][] = [];
    const receipts = new RunReceipts({
      runControl: {
        findMany: async (_userId, runIds) => {
          calls.push(runIds);
          return runIds.map((id) => aRun({ run_id: id }));
        },
      },
    });
    const items = [aMedia({ run_id: 'run_a' }), aMedia({ run_id: 'run_b' }), aMedia({ run_id: null }), aMedia({ run_id: 'run_a' })];
    const byRun = await receipts.forMedia('u1', items);
    expect(calls).toEqual([['run_a', 'run_b']]);
    expect([...byRun.keys()].sort()).toEqual(['run_a', 'run_b']);
  });
});
