import { describe, expect, it } from 'vitest';
import { FakeRunRepositories } from '../../../testing/fake-run-repositories';
import { type EndedRun, settleRun } from './settle-run';

const quiet = { warn: () => {} };

function withRun(creditsReserved: number) {
  const repos = new FakeRunRepositories();
  repos.balances.set('friend', 10);
  repos.balances.set('inviter', 0);
  repos.addRun({ runId: 'run-00000001', userId: 'friend', creditsReserved });
  return repos;
}

describe('settleRun', () => {
  it('gives every reserved credit back when nothing was made, and records the reason', async () => {
    const repos = withRun(5);
    expect(await settleRun(repos, 'run-00000001', { kind: 'failed', error: 'Timeout: the AI service took too long' }, quiet)).toEqual({
      status: 'failed',
      refunded: 5,
      balance: 15,
    });
    expect(repos.balances.get('friend')).toBe(15);
    expect(repos.runsById.get('run-00000001')).toMatchObject({ status: 'failed', error: 'Timeout: the AI service took too long', credits_refunded: 5 });
  });

  it('keeps what the media cost and gives back the rest of the reservation', async () => {
    const repos = withRun(10);
    const outcome = { kind: 'produced', cost: 5, userId: 'friend', referrerId: null } as const;
    expect(await settleRun(repos, 'run-00000001', outcome, quiet)).toEqual({ status: 'done', refunded: 5, balance: 15 });
    expect(repos.balances.get('friend')).toBe(15);
    expect(repos.runsById.get('run-00000001')).toMatchObject({ status: 'done', error: null });
  });

  it('marks a run failed when its media was kept but did not pass the identity check', async () => {
    const repos = withRun(2);
    const outcome = { kind: 'produced', cost: 2, error: "Didn't pass identity check", userId: 'friend', referrerId: null } as const;
    expect(await settleRun(repos, 'run-00000001', outcome, quiet)).toEqual({ status: 'failed', refunded: 0 });
    expect(repos.ledger).toEqual([]);
    expect(repos.runsById.get('run-00000001')).toMatchObject({ status: 'failed', error: "Didn't pass identity check" });
  });

  it('settles once: a second settlement (a duplicate job) changes nothing', async () => {
    const repos = withRun(5);
    await settleRun(repos, 'run-00000001', { kind: 'failed', error: 'first' }, quiet);
    expect(await settleRun(repos, 'run-00000001', { kind: 'failed', error: 'second' }, quiet)).toBeUndefined();
    expect(repos.balances.get('friend')).toBe(15);
    expect(repos.runsById.get('run-00000001')?.error).toBe('first');
  });

  it("rewards the inviter once for a friend's media, however many runs follow", async () => {
    const repos = withRun(2);
    repos.addRun({ runId: 'run-00000002', userId: 'friend', creditsReserved: 2 });
    const outcome = { kind: 'produced', cost: 2, userId: 'friend', referrerId: 'inviter' } as const;
    await settleRun(repos, 'run-00000001', outcome, quiet);
    await settleRun(repos, 'run-00000002', outcome, quiet);
    expect(repos.balances.get('inviter')).toBe(10);
    expect(repos.rewarded).toEqual(new Set(['friend']));
  });

  it("settles the friend's run even when the inviter's account is gone", async () => {
    const repos = withRun(2);
    repos.failCreditsFor.add('inviter');
    const warnings: unknown[] = [];
    const outcome = { kind: 'produced', cost: 2, userId: 'friend', referrerId: 'inviter' } as const;
    expect(await settleRun(repos, 'run-00000001', outcome, { warn: (o: unknown) => warnings.push(o) })).toEqual({ status: 'done', refunded: 0 });
    expect(warnings).toHaveLength(1);
  });

  it('leaves the run processing (to be settled by a retry) when the refund cannot be written', async () => {
    const repos = withRun(5);
    repos.failCreditsFor.add('friend');
    await expect(settleRun(repos, 'run-00000001', { kind: 'failed', error: 'x' }, quiet)).rejects.toThrow();
    expect(repos.runsById.get('run-00000001')?.status).toBe('processing');
  });

  it('tells the settlement that ends a run, once, how it ended; a second settlement tells nothing', async () => {
    const repos = withRun(5);
    const told: EndedRun[] = [];
    const listener = async (ended: EndedRun) => void told.push(ended);
    await settleRun(repos, 'run-00000001', { kind: 'failed', error: 'Generation canceled', stage: 'canceled' }, quiet, listener);
    await settleRun(repos, 'run-00000001', { kind: 'failed', error: 'again' }, quiet, listener);
    expect(told.map(({ run, status, stage }) => ({ runId: run.run_id, status, stage }))).toEqual([{ runId: 'run-00000001', status: 'failed', stage: 'canceled' }]);

    const done = withRun(5);
    await settleRun(done, 'run-00000001', { kind: 'produced', cost: 5, userId: 'friend', referrerId: null }, quiet, listener);
    expect(told[1]).toMatchObject({ status: 'done', stage: 'succeeded' });
  });

  it('settles the run all the same when telling of its end fails', async () => {
    const repos = withRun(5);
    const warned: unknown[] = [];
    const failing = async () => {
      throw new Error('redis is down');
    };
    const settled = await settleRun(repos, 'run-00000001', { kind: 'failed', error: 'x' }, { warn: (facts: unknown) => void warned.push(facts) }, failing);
    expect(settled).toEqual({ status: 'failed', refunded: 5, balance: 15 });
    expect(repos.runsById.get('run-00000001')).toMatchObject({ status: 'failed' });
    expect(warned).toHaveLength(1);
  });
});
