import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db';
import { compiledOnce, executePrepared } from '../prepared-statements';
import { inTransaction } from '../transaction';
import type { GenerationRun, RunPass, RunStage, Upload, User } from '../schema';

export interface NewRun {
  runId: string;
  userId: string;
  mode: string;
  request: Record<string, unknown>;
  creditsReserved: number;
  /** Where the run's end is POSTed, signed (issue 45 §2); absent: nowhere. */
  webhookUrl?: string | null;
}

/** What a submit needs of a source upload. */
export type SourceUpload = Pick<Upload, 'user_id' | 'public_id' | 'storage_key' | 'width' | 'height' | 'resource_type'>;

/** What a submit reads before it writes. */
export interface SubmitContext {
  /** The person's account as it is now; undefined when deleted. */
  account: Pick<User, 'id' | 'credits' | 'banned'> | undefined;
  /** The owner of a run that already has this id. */
  runOwner: string | undefined;
  /** The uploads found at the given keys and public ids (anyone's: the caller checks ownership). */
  uploads: SourceUpload[];
}

/** What a run's status answer reads of it (its receipt and its outcome), without the stored request. */
export type RunStatusRow = Pick<
  GenerationRun,
  | 'run_id'
  | 'user_id'
  | 'status'
  | 'stage'
  | 'error'
  | 'provider'
  | 'credits_reserved'
  | 'credits_refunded'
  | 'created_at'
  | 'started_at'
  | 'finished_at'
  | 'identity_scores'
> & {
  /** The seed of the run's latest attempt (its stored request's), for the receipt. */
  seed: number | null;
};

/** What getMediaByRunId reads: the account as it is now (undefined when deleted) and its run with the id. */
export interface RunOfAccount {
  account: Pick<User, 'id' | 'banned' | 'credits'> | undefined;
  /** Undefined when no run has this id, or another person's has. */
  run: RunStatusRow | undefined;
}

/** What `reserveRun` did: nothing is written unless `created`. */
export type ReserveRunOutcome =
  /** `priority`: the job's fair priority (`fairPriority`), recorded with the run. */
  | { kind: 'created'; inFlight: number; priority: number; balance: number }
  | { kind: 'exists' }
  | { kind: 'too-many'; inFlight: number }
  | { kind: 'insufficient-credits'; balance: number }
  /** The account was deleted after the submit read it. */
  | { kind: 'no-account' };

/** What `reserveRetry` did: the run's new priority is recorded unless `too-many`. */
export type ReserveRetryOutcome = { kind: 'reserved'; inFlight: number; priority: number } | { kind: 'too-many'; inFlight: number };

/**
 * The submit policy's queue rules, written once for a submit and a retry: `flight` counts the
 * person's other runs processing (the cap allows a run while it is under `maxInFlight`), and
 * `fair` is the job's priority: its person's runs in flight with it, never below their previous
 * run's, so someone with one run goes ahead of another person's backlog while their own runs stay
 * first in, first out. A previous run with no recorded priority (made before migration 0009)
 * counts as 0.
 */
function fairPriority(userId: string, runId: string) {
  return sql`
      flight as (
        select count(*)::int as count from generation_runs where user_id = ${userId} and status = 'processing' and run_id <> ${runId}
      ),
      previous as (
        select p.priority from generation_runs p
        where p.user_id = ${userId} and p.status = 'processing' and p.run_id <> ${runId}
        order by p.created_at desc, p.run_id desc limit 1
      ),
      fair as (
        select greatest(flight.count + 1, coalesce(previous.priority, 0)) as priority
        from flight left join previous on true
      )`;
}

/** The values of `reserveStatement`: each one a parameter of its text. */
interface ReserveValues {
  userId: string;
  runId: string;
  /** The ledger row's idempotency key, `generation:<run id>`. */
  key: string;
  mode: string;
  /** The stored request, as JSON text. */
  request: string;
  cost: number;
  /** The ledger row's delta: minus the cost. */
  debit: number;
  maxInFlight: number;
  webhookUrl: string | null;
}

/**
 * The submit policy's statement (`reserveRun`). `guarded`: the debit applies only if the person's
 * row is still the snapshot's version; without it, for a caller that holds the row's lock.
 */
function reserveStatement(v: ReserveValues, guarded: boolean) {
  return sql<{
    count: number;
    existed: boolean;
    balance: number;
    inserted: number;
    priority: number | null;
    ledgered: number;
    balance_after: number | null;
  }>`
      with snapshot as (
        select credits as balance, xmin::text as version from users where id = ${v.userId}
      ),
      ${fairPriority(v.userId, v.runId)},
      existing as (
        select exists (select 1 from generation_runs where run_id = ${v.runId})
          or exists (select 1 from credit_ledger where idempotency_key = ${v.key}) as existed
      ),
      debit as (
        update users set credits = users.credits - ${v.cost}
        from flight, existing, snapshot
        where users.id = ${v.userId} and not existing.existed and flight.count < ${v.maxInFlight}
          and users.credits >= ${v.cost}
          ${guarded ? sql`and users.xmin::text = snapshot.version` : sql``}
        returning users.credits
      ),
      inserted as (
        insert into generation_runs (run_id, user_id, mode, request, credits_reserved, priority, webhook_url)
        select ${v.runId}::text, ${v.userId}::uuid, ${v.mode}::text, ${v.request}::jsonb, ${v.cost}::int, fair.priority, ${v.webhookUrl}::text
        from debit, fair
        on conflict (run_id) do nothing
        returning run_id, priority
      ),
      ledger as (
        insert into credit_ledger (user_id, delta, balance_after, reason, run_id, idempotency_key)
        select ${v.userId}::uuid, ${v.debit}::int, debit.credits, 'generation', ${v.runId}::text, ${v.key}::text from debit
        where exists (select 1 from inserted)
        returning id
      )
      select flight.count, existing.existed, snapshot.balance,
        (select credits from debit) as balance_after,
        (select count(*) from inserted)::int as inserted, (select priority from inserted) as priority,
        -- A debit without its run (another person's submit took this run id after the snapshot) must
        -- not commit: the failing cast (reached only then: a subquery is not folded) aborts the statement.
        (select count(*) from ledger)::int + case when exists (select 1 from inserted) then 0 else (select (${RUN_ID_TAKEN}::text || credits)::int from debit) end as ledgered
      from flight cross join existing cross join snapshot`;
}

/** Statements run on their own before `reserveRun` takes the person's row lock explicitly. */
const OPTIMISTIC_ATTEMPTS = 3;
/** Not an integer: cast to one, it aborts the statement it is in. */
const RUN_ID_TAKEN = 'run id taken meanwhile';

/** Generation runs, keyed by the run id that is also the BullMQ job id. */
export class GenerationRunsRepository {
  constructor(private readonly db: Db) {}

  // The submit's two statements, compiled once each (their texts never change, only their values).
  private readonly submitContextQuery = compiledOnce((v: { userId: string; runId: string; keys: string[]; publicIds: string[] }) =>
    this.db
      .selectNoFrom((eb) => [
        jsonObjectFrom(eb.selectFrom('users').select(['users.id', 'users.credits', 'users.banned']).where('users.id', '=', v.userId)).as('account'),
        eb.selectFrom('generation_runs').select('generation_runs.user_id').where('generation_runs.run_id', '=', v.runId).as('run_owner'),
        jsonArrayFrom(
          eb
            .selectFrom('uploads')
            .select(['uploads.user_id', 'uploads.public_id', 'uploads.storage_key', 'uploads.width', 'uploads.height', 'uploads.resource_type'])
            .where((w) => w.or([w('uploads.storage_key', '=', sql<string>`any(${v.keys}::text[])`), w('uploads.public_id', '=', sql<string>`any(${v.publicIds}::text[])`)])),
        ).as('uploads'),
      ])
      .compile(),
  );
  private readonly reserveQuery = {
    guarded: compiledOnce((v: ReserveValues) => reserveStatement(v, true).compile(this.db)),
    locked: compiledOnce((v: ReserveValues) => reserveStatement(v, false).compile(this.db)),
  };

  /** Inserts the run unless one with this id exists; true when this call created it. */
  async createIfAbsent(run: NewRun): Promise<boolean> {
    const inserted = await this.db
      .insertInto('generation_runs')
      .values({
        run_id: run.runId,
        user_id: run.userId,
        mode: run.mode,
        request: JSON.stringify(run.request),
        credits_reserved: run.creditsReserved,
        webhook_url: run.webhookUrl ?? null,
      })
      .onConflict((oc) => oc.column('run_id').doNothing())
      .returning('run_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * What a submit reads before it writes, in one round trip: the person's account (undefined when
   * it is gone), the owner of a run with this id, and the source uploads named by storage key or public id
   * (anyone's: the caller checks ownership).
   */
  async submitContext(userId: string, runId: string, sources: { keys: string[]; publicIds: string[] }): Promise<SubmitContext> {
    const query = this.submitContextQuery({ userId, runId, keys: sources.keys, publicIds: sources.publicIds });
    const [row] = (await executePrepared(this.db, query)).rows;
    if (!row) throw new Error('submitContext: no row');
    return { account: row.account ?? undefined, runOwner: row.run_owner ?? undefined, uploads: row.uploads };
  }

  /**
   * The submit policy in one statement: records a new run with its debit, its fair priority and its
   * ledger row (key `generation:<run id>`), only when the run id is new, the person's runs in flight
   * are under `maxInFlight` and the balance covers the cost (it never goes below 0).
   *
   * The count must see every run committed before: one statement reads a snapshot taken before it
   * waits for the person's row lock. So the debit takes the lock only if the row is still the version
   * of the snapshot (same xmin): a submit, retry or refund of that person committed meanwhile changed
   * it, and the statement runs again on a fresh snapshot. After a few such turns (a burst from one
   * person), the same statement runs in a transaction behind an explicit row lock instead.
   */
  async reserveRun(run: NewRun & { maxInFlight: number }): Promise<ReserveRunOutcome> {
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const outcome = await this.submitStatement(this.db, run, true);
      if (outcome) return outcome;
    }
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', run.userId).forNoKeyUpdate().execute();
      return (await this.submitStatement(trx, run, false))!;
    });
  }

  /** Undefined when `guarded` and the person's row changed since the snapshot (run it again). */
  private async submitStatement(db: Db, run: NewRun & { maxInFlight: number }, guarded: boolean): Promise<ReserveRunOutcome | undefined> {
    const statement = this.reserveQuery[guarded ? 'guarded' : 'locked']({
      userId: run.userId,
      runId: run.runId,
      key: `generation:${run.runId}`,
      mode: run.mode,
      request: JSON.stringify(run.request),
      cost: run.creditsReserved,
      debit: -run.creditsReserved,
      maxInFlight: run.maxInFlight,
      webhookUrl: run.webhookUrl ?? null,
    });
    const result = await executePrepared(db, statement).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes(RUN_ID_TAKEN)) throw new RunIdTaken();
      throw error;
    });
    const row = result.rows[0];
    if (!row) return { kind: 'no-account' };
    if (row.inserted === 1 && row.ledgered === 1) {
      return {
        kind: 'created',
        inFlight: row.count + 1,
        priority: row.priority!,
        balance: Number(row.balance_after ?? row.balance - run.creditsReserved),
      };
    }
    if (row.existed) return { kind: 'exists' };
    if (row.count >= run.maxInFlight) return { kind: 'too-many', inFlight: row.count + 1 };
    if (row.balance < run.creditsReserved || !guarded) return { kind: 'insufficient-credits', balance: row.balance };
    // The snapshot allowed it, yet nothing was debited: the row changed meanwhile.
    return undefined;
  }

  /**
   * The person's account and their run with this id in one round trip, both by primary key: a run
   * polled every few seconds by each open page costs one query, the account still read every time.
   */
  async ofAccount(userId: string, runId: string): Promise<RunOfAccount> {
    const query = this.db
      .selectFrom('users')
      // By run id alone, so the run is read by its primary key; whose it is is checked below.
      .leftJoin('generation_runs as r', (join) => join.on('r.run_id', '=', runId))
      .select([
        'users.id as account_id',
        'users.banned as account_banned',
        'users.credits as account_credits',
        'r.run_id',
        'r.user_id',
        'r.status',
        'r.stage',
        'r.error',
        'r.provider',
        'r.credits_reserved',
        'r.credits_refunded',
        'r.created_at',
        'r.started_at',
        'r.finished_at',
        'r.identity_scores',
        sql<number | null>`(r.request ->> 'seed')::int`.as('seed'),
      ])
      .where('users.id', '=', userId)
      .compile();
    const [row] = (await executePrepared(this.db, query)).rows;
    if (!row) return { account: undefined, run: undefined };
    const { account_id: id, account_banned: banned, account_credits: credits, ...run } = row;
    return { account: { id, banned, credits }, run: run.run_id === null || run.user_id !== id ? undefined : (run as RunStatusRow) };
  }

  find(runId: string): Promise<GenerationRun | undefined> {
    return this.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
  }

  /**
   * A worker took the run: one more attempt, served by `provider`, and when it started (the first
   * start counts: a takeover after a crash keeps it) — one statement.
   */
  async recordAttempt(runId: string, provider?: string): Promise<number> {
    const row = await this.db
      .updateTable('generation_runs')
      .set({ attempts: sql`attempts + 1`, started_at: sql`coalesce(started_at, now())`, updated_at: new Date(), ...(provider ? { provider } : {}) })
      .where('run_id', '=', runId)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Keeps a worker's pass over the run, after those before it (its timeline, issue 44). */
  async recordPass(runId: string, pass: RunPass): Promise<void> {
    await this.db
      .updateTable('generation_runs')
      .set({ timeline: sql`coalesce(timeline, '[]'::jsonb) || jsonb_build_array(${JSON.stringify(pass)}::jsonb)` })
      .where('run_id', '=', runId)
      .execute();
  }

  /** Finishes a run still processing; false when it was already finished (a duplicate job). */
  async finish(
    runId: string,
    outcome: { status: 'done' | 'failed'; error?: string | null; creditsRefunded?: number; stage?: RunStage },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('generation_runs')
      .set({
        status: outcome.status,
        stage: outcome.stage ?? (outcome.status === 'done' ? 'succeeded' : 'failed'),
        error: outcome.error ?? null,
        credits_refunded: outcome.creditsRefunded ?? 0,
        finished_at: new Date(),
        updated_at: new Date(),
      })
      .where('run_id', '=', runId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * A retry's share of the submit policy, inside the caller's transaction (which has set the run
   * processing again): locks the person's row until the transaction ends, so parallel submits and
   * retries of one person count one at a time, and records the run's fair priority unless the
   * person's other runs in flight already reach `maxInFlight`.
   * FOR NO KEY UPDATE: the run's foreign key already holds a key-share lock on the row, which a
   * plain FOR UPDATE would wait on, deadlocking two parallel submits.
   */
  async reserveRetry(userId: string, runId: string, maxInFlight: number): Promise<ReserveRetryOutcome> {
    await this.db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    const statement = sql<{ count: number; priority: number | null }>`
      with ${fairPriority(userId, runId)},
      recorded as (
        update generation_runs set priority = fair.priority from fair, flight
        where generation_runs.run_id = ${runId} and flight.count < ${maxInFlight}
        returning generation_runs.priority
      )
      select flight.count, (select priority from recorded) as priority from flight`.compile(this.db);
    const row = (await executePrepared(this.db, statement)).rows[0]!;
    const inFlight = row.count + 1;
    return row.priority === null ? { kind: 'too-many', inFlight } : { kind: 'reserved', inFlight, priority: row.priority };
  }

  /** Runs processing that were created before `createdBefore`, oldest first (the reconciler's candidates). */
  listProcessingCreatedBefore(createdBefore: Date, limit = 500): Promise<GenerationRun[]> {
    return this.db
      .selectFrom('generation_runs')
      .selectAll()
      .where('status', '=', 'processing')
      .where('created_at', '<', createdBefore)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }
}

/** A run id committed by a concurrent submit after this one's snapshot: answer as for an existing run. */
export class RunIdTaken extends Error {
  constructor() {
    super('RUN_ID_TAKEN');
    this.name = 'RunIdTaken';
  }
}
