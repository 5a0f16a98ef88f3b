/**
 * `npm run load -- --target https://staging.example --api-key mv_…`: the load test against any
 * deployed instance, through its public API only (issue 45 §4) — no database, no Redis. Submits
 * `--runs` text-only custom runs at `--rate` per second with the key (scope generate), follows each
 * on the run-event stream (scope read; `--follow poll` polls getMediaByRunId instead, and a run the
 * stream has not ended is polled too), then reads the key owner's credit ledger to count runs charged
 * twice or charged though refused. Exits 1 when a run was lost (accepted, never finished within
 * `--settle-seconds`) or charged twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { creditLedgerAnswerSchema, type CreditLedgerEntry } from '@app/shared/api/credits';
import { getMediaByRunIdCall, quoteGenerationAnswerSchema, submitAnswerSchema } from '@app/shared/api/generation';
import { notificationEventSchema } from '@app/shared/api/notifications';
import { runEventSchema } from '@app/shared/api/runs';
import { eventStreamData, ms, perSecond, percentile } from './load-stats';

export interface RemoteLoadOptions {
  target: string;
  apiKey: string;
  runs: number;
  rate: number;
  settleSeconds: number;
  follow: 'stream' | 'poll';
  prompt: string;
}

export const REMOTE_HELP = `npm run load -- --target https://staging.example --api-key mv_… [--runs 100] [--rate 5]
                 [--follow stream|poll] [--settle-seconds 300] [--prompt "…"]
Drives a deployed instance through its public API with an API key (scopes generate and read), and
exits 1 when a run is lost or charged twice.`;

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a number above 0\n${REMOTE_HELP}`);
  return n;
}

export function parseRemoteOptions(argv: string[], env: NodeJS.ProcessEnv): RemoteLoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      'api-key': { type: 'string' },
      runs: { type: 'string' },
      rate: { type: 'string' },
      follow: { type: 'string' },
      'settle-seconds': { type: 'string' },
      prompt: { type: 'string' },
    },
  });
  const target = values.target ?? '';
  if (!/^https?:\/\/[^/]+/.test(target)) throw new Error(`--target must be the instance's address (https://…)\n${REMOTE_HELP}`);
  // The key may come from the environment, so it stays out of a CI job's logged command line.
  const apiKey = values['api-key'] ?? env.LOAD_API_KEY ?? '';
  if (!apiKey.startsWith('mv_')) throw new Error(`--api-key (or LOAD_API_KEY) must be an API key (mv_…)\n${REMOTE_HELP}`);
  const follow = values.follow ?? 'stream';
  if (follow !== 'stream' && follow !== 'poll') throw new Error(`--follow must be stream or poll\n${REMOTE_HELP}`);
  return {
    target: target.replace(/\/+$/, ''),
    apiKey,
    runs: Math.round(number('runs', values.runs, 100)),
    rate: number('rate', values.rate, 5),
    settleSeconds: number('settle-seconds', values['settle-seconds'], 300),
    follow,
    prompt: values.prompt ?? 'A lighthouse on a cliff at dawn, load test',
  };
}

/** What the run printed, for a test or a CI job to read. */
export interface RemoteLoadReport {
  sent: number;
  accepted: number;
  refused: Record<number, number>;
  acceptedPerSecond: number;
  submitP50: number;
  submitP99: number;
  doneP50: number;
  doneP99: number;
  done: number;
  failed: number;
  lost: number;
  chargedTwice: number;
  chargedThoughRefused: number;
  creditsSpent: number;
}

interface Submitted {
  runId: string;
  sentAt: number;
  status: number;
  ms: number;
}

interface Ended {
  status: 'done' | 'failed' | 'canceled';
  at: number;
  /** Who told it: the event stream, or a poll of getMediaByRunId. */
  by: 'stream' | 'poll';
}

class Instance {
  constructor(private readonly options: RemoteLoadOptions) {}

  async call(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.options.target}/api/${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${this.options.apiKey}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: init.signal ?? AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): kept as text for the message.
    }
    return { status: res.status, body };
  }

  /** An answer that must be 2xx, else the run stops with the instance's own words. */
  async expect(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<unknown> {
    const { status, body } = await this.call(path, init);
    if (status >= 200 && status < 300) return body;
    const said = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: unknown }).error) : String(body).slice(0, 200);
    throw new Error(`${path} answered ${status}: ${said}${status === 401 || status === 403 ? ' (the key needs the scopes generate and read)' : ''}`);
  }

  /** The key owner's ledger entries newer than `afterId`, newest first. */
  async ledgerSince(afterId: number): Promise<CreditLedgerEntry[]> {
    const entries: CreditLedgerEntry[] = [];
    for (let cursor: number | null = null; ; ) {
      const page = creditLedgerAnswerSchema.parse(await this.expect(`get-credit-ledger?limit=100${cursor ? `&cursor=${cursor}` : ''}`));
      for (const entry of page.entries) {
        if (entry.id <= afterId) return entries;
        entries.push(entry);
      }
      if (page.nextCursor === null) return entries;
      cursor = page.nextCursor;
    }
  }
}

/** Follows the owner's run-event stream, keeping when each run ended; reconnects until closed. */
function followStream(options: RemoteLoadOptions, ended: Map<string, Ended>): { close(): void; events: { read: number; unreadable: number } } {
  const abort = new AbortController();
  const events = { read: 0, unreadable: 0 };
  const read = async () => {
    while (!abort.signal.aborted) {
      try {
        const res = await fetch(`${options.target}/api/run-events`, { headers: { authorization: `Bearer ${options.apiKey}`, accept: 'text/event-stream' }, signal: abort.signal });
        if (!res.ok || !res.body) throw new Error(`run-events answered ${res.status}`);
        for await (const data of eventStreamData(res.body)) {
          // The stream also tells the owner's unread notifications (issue 46): no run's news.
          if (notificationEventSchema.safeParse(data).success) continue;
          const event = runEventSchema.safeParse(data);
          if (!event.success) {
            events.unreadable += 1;
            continue;
          }
          events.read += 1;
          const { type, runId } = event.data;
          const status = type === 'run.done' ? 'done' : type === 'run.failed' ? 'failed' : type === 'run.canceled' ? 'canceled' : undefined;
          if (status && !ended.has(runId)) ended.set(runId, { status, at: Date.now(), by: 'stream' });
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        console.warn(`run-events: ${error instanceof Error ? error.message : String(error)}; reconnecting (the runs are polled meanwhile)`);
        await sleep(1_000);
      }
    }
  };
  void read();
  return { close: () => abort.abort(), events };
}

/** Asks getMediaByRunId for each accepted run not yet ended, a few at a time. */
async function pollUnended(instance: Instance, runs: Submitted[], ended: Map<string, Ended>, olderThanMs: number): Promise<void> {
  const waiting = runs.filter((run) => !ended.has(run.runId) && Date.now() - run.sentAt >= olderThanMs);
  for (let index = 0; index < waiting.length; index += 8) {
    await Promise.all(
      waiting.slice(index, index + 8).map(async (run) => {
        const { status, body } = await instance.call(`${getMediaByRunIdCall.name}?runId=${encodeURIComponent(run.runId)}`).catch(() => ({ status: 0, body: undefined }));
        if (status !== 200 || typeof body !== 'object' || body === null) return;
        const state = (body as { status?: unknown }).status;
        if (state === 'done' || state === 'failed') ended.set(run.runId, { status: state, at: Date.now(), by: 'poll' });
      }),
    );
  }
}

export async function runRemoteLoad(options: RemoteLoadOptions): Promise<{ code: number; report: RemoteLoadReport }> {
  const instance = new Instance(options);
  const body = { mode: 'custom', prompt: options.prompt };
  const quote = quoteGenerationAnswerSchema.parse(await instance.expect('quote-generation', { body }));
  if (quote.balance < quote.cost * options.runs) {
    throw new Error(`the key's owner has ${quote.balance} credits; ${options.runs} runs at ${quote.cost} cost ${quote.cost * options.runs}`);
  }
  const newest = creditLedgerAnswerSchema.parse(await instance.expect('get-credit-ledger?limit=1')).entries[0]?.id ?? 0;
  console.log(`target                  ${options.target}: ${options.runs} runs at ${options.rate}/s, ${quote.cost} credits each, ${quote.balance} credits before`);

  const ended = new Map<string, Ended>();
  const stream = options.follow === 'stream' ? followStream(options, ended) : undefined;
  const stamp = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const submitted: Submitted[] = [];
  const start = performance.now();
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: options.runs }, async (_, index) => {
      // Open loop: each submission at its time, whatever the answers before it take.
      await sleep((index * 1000) / options.rate);
      const runId = `${stamp}-${index}`;
      const sentAt = Date.now();
      const t0 = performance.now();
      const { status, body: answer } = await instance.call('unified-generate', { body: { ...body, runId } }).catch(() => ({ status: 0, body: undefined }));
      if (status === 202) submitAnswerSchema.parse(answer);
      submitted.push({ runId, sentAt, status, ms: performance.now() - t0 });
    }),
  );
  const submitMs = performance.now() - start;
  const accepted = submitted.filter((run) => run.status === 202);

  const deadline = Date.now() + options.settleSeconds * 1000;
  // The stream ends most runs; a run it has not ended after 15 s is asked for (every run, when polling).
  while (accepted.some((run) => !ended.has(run.runId)) && Date.now() < deadline) {
    await pollUnended(instance, accepted, ended, options.follow === 'poll' ? 0 : 15_000);
    await sleep(1_000);
  }
  stream?.close();

  const ledger = await instance.ledgerSince(newest);
  const ours = new Set(submitted.map((run) => run.runId));
  const debits = new Map<string, number>();
  for (const entry of ledger) if (entry.runId && ours.has(entry.runId) && entry.reason === 'generation') debits.set(entry.runId, (debits.get(entry.runId) ?? 0) + 1);
  const refusedIds = new Set(submitted.filter((run) => run.status !== 202).map((run) => run.runId));
  const doneTimes = accepted.flatMap((run) => {
    const end = ended.get(run.runId);
    return end ? [end.at - run.sentAt] : [];
  });
  const refused: Record<number, number> = {};
  for (const run of submitted) if (run.status !== 202) refused[run.status] = (refused[run.status] ?? 0) + 1;
  const report: RemoteLoadReport = {
    sent: submitted.length,
    accepted: accepted.length,
    refused,
    acceptedPerSecond: perSecond(accepted.length, submitMs),
    submitP50: percentile(submitted.map((run) => run.ms), 50),
    submitP99: percentile(submitted.map((run) => run.ms), 99),
    doneP50: percentile(doneTimes, 50),
    doneP99: percentile(doneTimes, 99),
    done: accepted.filter((run) => ended.get(run.runId)?.status === 'done').length,
    failed: accepted.filter((run) => ['failed', 'canceled'].includes(ended.get(run.runId)?.status ?? '')).length,
    lost: accepted.filter((run) => !ended.has(run.runId)).length,
    chargedTwice: [...debits.values()].filter((count) => count > 1).length,
    chargedThoughRefused: [...debits.keys()].filter((runId) => refusedIds.has(runId)).length,
    creditsSpent: -ledger.filter((entry) => entry.runId && ours.has(entry.runId)).reduce((sum, entry) => sum + entry.delta, 0),
  };

  const refusals = Object.entries(refused).map(([status, count]) => `${count}× ${status === '0' ? 'no answer' : status}`);
  console.log(`submitted               ${report.sent} in ${(submitMs / 1000).toFixed(1)} s from ${new Date(startedAt).toISOString()}: accepted ${report.accepted}${refusals.length ? `, refused ${refusals.join(', ')}` : ''}`);
  console.log(`accepted/s              ${report.acceptedPerSecond.toFixed(1)}`);
  console.log(`submit                  p50 ${ms(report.submitP50)}, p99 ${ms(report.submitP99)}`);
  console.log(`time to done            p50 ${ms(report.doneP50)}, p99 ${ms(report.doneP99)} (from the submit to the run's end, as ${options.follow === 'stream' ? 'the event stream or a poll' : 'a poll'} told it)`);
  const byStream = accepted.filter((run) => ended.get(run.runId)?.by === 'stream').length;
  const streamNote = stream ? `; events read ${stream.events.read}${stream.events.unreadable ? `, unreadable ${stream.events.unreadable}` : ''}` : '';
  console.log(`followed                ${byStream} ended on the event stream, ${accepted.length - byStream - report.lost} by a poll${streamNote}`);
  console.log(`outcomes                done ${report.done}, failed ${report.failed}, lost ${report.lost} (accepted, not finished within ${options.settleSeconds} s)`);
  console.log(`charges (the ledger)    charged twice ${report.chargedTwice}, charged though refused ${report.chargedThoughRefused}, credits spent ${report.creditsSpent}`);
  const code = report.lost > 0 || report.chargedTwice > 0 || report.chargedThoughRefused > 0 ? 1 : 0;
  return { code, report };
}
