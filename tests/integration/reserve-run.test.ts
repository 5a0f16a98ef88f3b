import type { ReserveRunOutcome } from '@app/shared/server/repositories';
import { describe, expect, it } from 'vitest';
import { availableDialects, useTestRepositories } from '../support/database';

/**
 * The submit policy (`reserveRun`, and `reserveRetry` for a retried run): the cap on runs in
 * flight, a balance that never goes below zero, the fair priority, the idempotent run id and the
 * ledger row — the rules themselves, once, on each database. The services' tests take its outcomes.
 */
describe.each(availableDialects())('the submit policy on %s', (dialect) => {
  const repos = useTestRepositories(dialect);

  let counter = 0;
  const personWith = async (balance: number) => {
    const user = await repos.users.create({ email: `reserver${++counter}@example.com`, referral_code: `reserve-${dialect}-${counter}` });
    if (balance > 0) await repos.credits.apply({ userId: user.id, delta: balance, reason: 'signup' });
    return user.id;
  };
  const runIdOf = (name: string) => `run-${dialect}-${name}-${counter}`;
  const reserve = (userId: string, runId: string, options: { cost?: number; maxInFlight?: number } = {}) =>
    repos.runs.reserveRun({ runId, userId, mode: 'custom', request: { prompt: 'a teal nebula' }, creditsReserved: options.cost ?? 2, maxInFlight: options.maxInFlight ?? 10 });
  const balanceOf = async (userId: string) => (await repos.users.findById(userId))!.credits;
  const ledgerOf = (userId: string) =>
    repos.db.selectFrom('credit_ledger').select(['delta', 'balance_after', 'reason', 'run_id', 'idempotency_key']).where('user_id', '=', userId).where('reason', '=', 'generation').orderBy('id').execute();
  const processing = async (userId: string) =>
    (await repos.db.selectFrom('generation_runs').select('run_id').where('user_id', '=', userId).where('status', '=', 'processing').execute()).length;
  const kinds = (outcomes: ReserveRunOutcome[]) => outcomes.map((o) => o.kind).sort();

  it('records the run with its debit and its ledger row together', async () => {
    const ada = await personWith(10);
    const runId = runIdOf('first');
    expect(await reserve(ada, runId)).toEqual({ kind: 'created', inFlight: 1, priority: 1, balance: 8 });
    expect(await repos.runs.find(runId)).toMatchObject({ user_id: ada, status: 'processing', credits_reserved: 2, priority: 1, request: { prompt: 'a teal nebula' } });
    expect(await balanceOf(ada)).toBe(8);
    expect(await ledgerOf(ada)).toEqual([{ delta: -2, balance_after: 8, reason: 'generation', run_id: runId, idempotency_key: `generation:${runId}` }]);
  });

  it('answers a run id sent again as existing, with one run and one debit', async () => {
    const ada = await personWith(10);
    const runId = runIdOf('again');
    await reserve(ada, runId);
    const again = await Promise.all([reserve(ada, runId), reserve(ada, runId)]);
    expect(again).toEqual([{ kind: 'exists' }, { kind: 'exists' }]);
    expect(await balanceOf(ada)).toBe(8);
    expect(await ledgerOf(ada)).toHaveLength(1);
  });

  it('lets no more than the cap run at once, of 15 parallel submits', async () => {
    const ada = await personWith(100);
    const outcomes = await Promise.all(Array.from({ length: 15 }, (_, i) => reserve(ada, runIdOf(`cap-${i}`), { maxInFlight: 5 })));
    expect(kinds(outcomes)).toEqual([...Array<string>(5).fill('created'), ...Array<string>(10).fill('too-many')]);
    expect(await processing(ada)).toBe(5);
    expect(await balanceOf(ada)).toBe(90);
    expect(await ledgerOf(ada)).toHaveLength(5);
    // A finished run frees its place.
    const [done] = outcomes.flatMap((o, i) => (o.kind === 'created' ? [runIdOf(`cap-${i}`)] : []));
    await repos.runs.finish(done!, { status: 'done' });
    expect((await reserve(ada, runIdOf('after-cap'), { maxInFlight: 5 })).kind).toBe('created');
  });

  it('never takes the balance below zero, of 15 parallel submits', async () => {
    const ada = await personWith(7);
    const outcomes = await Promise.all(Array.from({ length: 15 }, (_, i) => reserve(ada, runIdOf(`poor-${i}`), { maxInFlight: 15 })));
    expect(kinds(outcomes)).toEqual([...Array<string>(3).fill('created'), ...Array<string>(12).fill('insufficient-credits')]);
    expect(await balanceOf(ada)).toBe(1);
    const ledger = await ledgerOf(ada);
    expect(ledger.map((row) => row.delta)).toEqual([-2, -2, -2]);
    expect(Math.min(...ledger.map((row) => row.balance_after))).toBe(1);
    expect(await processing(ada)).toBe(3);
  });

  it('queues each person behind their own runs: priority = their runs in flight, never below their previous run’s', async () => {
    const ada = await personWith(100);
    const grace = await personWith(100);
    const adas = [1, 2, 3].map((n) => runIdOf(`ada-${n}`));
    const priorities: number[] = [];
    for (const runId of adas) {
      const outcome = await reserve(ada, runId);
      if (outcome.kind === 'created') priorities.push(outcome.priority);
    }
    const graces = await reserve(grace, runIdOf('grace-1'));
    expect(priorities).toEqual([1, 2, 3]);
    expect(graces).toMatchObject({ kind: 'created', priority: 1 });

    // Ada's first two finish: her next run counts 2 in flight, yet waits behind her run of priority 3.
    await repos.runs.finish(adas[0]!, { status: 'done' });
    await repos.runs.finish(adas[1]!, { status: 'failed' });
    expect(await reserve(ada, runIdOf('ada-4'))).toMatchObject({ kind: 'created', inFlight: 2, priority: 3 });
  });

  it('gives a retried run the same rules: its fair priority recorded, refused at the cap', async () => {
    const ada = await personWith(100);
    const [running, retried] = [runIdOf('running'), runIdOf('retried')];
    await reserve(ada, running);
    await reserve(ada, retried);
    await repos.runs.finish(retried, { status: 'failed' });
    // As the retry's transaction leaves it before the reservation: processing again, no priority.
    await repos.db.updateTable('generation_runs').set({ status: 'processing', priority: null }).where('run_id', '=', retried).execute();

    expect(await repos.transaction((trx) => trx.runs.reserveRetry(ada, retried, 1))).toEqual({ kind: 'too-many', inFlight: 2 });
    expect((await repos.runs.find(retried))?.priority).toBeNull();
    expect(await repos.transaction((trx) => trx.runs.reserveRetry(ada, retried, 10))).toEqual({ kind: 'reserved', inFlight: 2, priority: 2 });
    expect((await repos.runs.find(retried))?.priority).toBe(2);
  });

  it('records nothing for an account deleted after the submit read it', async () => {
    const gone = await personWith(10);
    await repos.users.delete(gone);
    expect(await reserve(gone, runIdOf('gone'))).toEqual({ kind: 'no-account' });
    expect(await repos.runs.find(runIdOf('gone'))).toBeUndefined();
  });
});
