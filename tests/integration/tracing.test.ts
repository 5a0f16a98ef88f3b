import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { type FalFake, startFalFake } from '../fakes/fal';
import { submitRun, until } from '../support/fault-stack';
import { FAULT_ADMIN_SECRET, useFaultStack } from '../support/fault-suite';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver';
import { type RunningProcess, repoRoot } from '../support/process';

const postgresUrl = inject('postgresUrl') ?? '';

const TRACE_URL_TEMPLATE = 'https://jaeger.example/trace/{traceId}';

/**
 * One trace per run (issue 44), across the built api and worker processes on Postgres and Redis:
 * both export to an OTLP/HTTP collector of the test's own, the api as http/json and the worker as
 * http/protobuf (both protocols the standard names). The submit's span is the root; its context
 * travels in the BullMQ job (bullmq-otel) to the worker's spans of the run. The worker's provider
 * is fal, spoken to as its API is (a faithful fake), so the trace holds real provider calls.
 */
describe.runIf(postgresUrl)('tracing a run from the api through the queue to the worker', () => {
  let receiver: OtlpReceiver | undefined;
  let fal: FalFake | undefined;
  // Filled in once the collector listens (servers() runs before the processes start).
  const env: Record<string, string> = { OTEL_BSP_SCHEDULE_DELAY: '200', LOG_LEVEL: 'info' };
  const suite = useFaultStack({
    accounts: 1,
    credits: 80,
    env,
    apiEnv: { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json', ADMIN_SECRET: FAULT_ADMIN_SECRET, TRACE_URL_TEMPLATE },
    servers: async () => {
      receiver = await startOtlpReceiver();
      fal = await startFalFake();
      env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      return { postgresUrl, redisUrl: inject('redisUrl') };
    },
    afterClose: async () => {
      await receiver?.close();
      await fal?.close();
    },
  });
  let worker: RunningProcess | undefined;
  const falWorker = async () => (worker ??= await suite.stack.startReadyWorker({ GENERATION_PROVIDER: 'fal', ...fal!.env, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }));

  /** The run's trace, once its submit (api) and its settlement (worker) have both arrived. */
  async function traceOf(runId: string) {
    const spans = receiver!.spans;
    const named = (name: string, service: string) => spans.find((s) => s.name === name && s.service === service && s.attributes['mirrorverse.run_id'] === runId);
    // Complete means every span's parent has arrived too: the job's processing span (bullmq-otel)
    // holds the run's spans and ends after them, so it can be exported after the settlement.
    const complete = () => {
      const root = named('unified-generate', 'mirrorverse-api');
      if (!root || !named('settle', 'mirrorverse-worker')) return undefined;
      const trace = spans.filter((s) => s.traceId === root.traceId);
      const ids = new Set(trace.map((s) => s.spanId));
      return trace.every((s) => s.parentSpanId === '' || ids.has(s.parentSpanId)) ? { root, trace } : undefined;
    };
    const { root, trace } = (await until(async () => complete(), Boolean, 60_000, 'the run’s spans from both processes, each with its parent', 200))!;
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (span: ReceivedSpan): string[] => {
      const names: string[] = [];
      for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) names.push(parent.name);
      return names;
    };
    console.log(`[tracing] trace ${root.traceId}: ${trace.map((s) => `${s.service}/${s.name}`).join(', ')}`);
    return { root, trace, ancestors };
  }

  it('makes one trace of a run: the submit in the api, the job and the run in the worker, each attempt under it', async () => {
    const { stack, accounts } = suite;
    await falWorker();
    const submitted = await submitRun(stack, accounts[0]!);
    expect(submitted.status).toBe(202);
    const runId = submitted.runId;

    const { root, trace, ancestors } = await traceOf(runId);
    // Each process spoke its protocol.
    expect(new Set(trace.filter((s) => s.service === 'mirrorverse-api').map((s) => s.protocol))).toEqual(new Set(['json']));
    expect(new Set(trace.filter((s) => s.service === 'mirrorverse-worker').map((s) => s.protocol))).toEqual(new Set(['protobuf']));

    // The submit is the root, and the run's spans in the worker hang from it through the job.
    expect(root.parentSpanId).toBe('');
    const mode = root.attributes['mirrorverse.mode'];
    expect(mode).toEqual(expect.any(String));
    const run = trace.find((s) => s.name === 'generation.run')!;
    expect(run.service).toBe('mirrorverse-worker');
    expect(ancestors(run).at(-1)).toBe('unified-generate');
    // Under the run: the attempt (the provider's call and the identity check), screening, storage and the settlement.
    const attempt = trace.find((s) => s.name === 'generation.attempt')!;
    expect(ancestors(attempt)).toContain('generation.run');
    const provider = trace.find((s) => s.name === 'provider.generate')!;
    expect(ancestors(provider)[0]).toBe('generation.attempt');
    // The provider's call names its provider and model, and the waits fal reported (queued, then in progress).
    expect(provider.attributes).toMatchObject({ 'mirrorverse.provider': 'fal', 'mirrorverse.model': 'fal-ai/flux-pro/kontext' });
    expect(provider.attributes['mirrorverse.provider.queue_ms']).toEqual(expect.any(Number));
    expect(provider.attributes['mirrorverse.provider.run_ms']).toEqual(expect.any(Number));
    const identity = trace.find((s) => s.name === 'identity.check')!;
    expect(ancestors(identity)[0]).toBe('generation.attempt');
    expect(typeof identity.attributes['mirrorverse.identity.passed']).toBe('boolean');
    for (const name of ['screening', 'storage.write', 'settle']) expect(ancestors(trace.find((s) => s.name === name)!)[0], name).toBe('generation.run');
    // Every span of ours in the worker names the run and its mode.
    for (const span of trace.filter((s) => s.service === 'mirrorverse-worker' && !s.name.includes(' '))) {
      expect(span.attributes['mirrorverse.run_id'], span.name).toBe(runId);
      expect(span.attributes['mirrorverse.mode'], span.name).toBe(mode);
    }

    // The worker's log line of the run carries the trace it belongs to.
    const finished = worker!
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"generation finished"') && line.includes(runId));
    expect(finished).toContain(`"trace_id":"${root.traceId}"`);

    // The admin's timeline of the run links to its trace (TRACE_URL_TEMPLATE). The worker keeps its
    // pass after the pass's spans end (and may be exported), so the test waits for it.
    type Timeline = { traceId: string; traceUrl: string; lines: { label: string; ms: number | null }[] };
    const timeline = await until(
      async () => (await (await fetch(`${stack.apiUrl}/api/admin-run-timeline?runId=${runId}`, { headers: { 'X-Admin-Secret': FAULT_ADMIN_SECRET } })).json()) as Timeline,
      (answer) => answer.lines.some((line) => line.label === 'On the worker'),
      30_000,
      'the run’s pass in its timeline',
      200,
    );
    expect(timeline.traceId).toBe(root.traceId);
    expect(timeline.traceUrl).toBe(`https://jaeger.example/trace/${root.traceId}`);
    expect(timeline.lines.map((line) => line.label)).toEqual(expect.arrayContaining(['Image from fal', 'In the provider’s queue', 'Being made', 'Sent to fal']));
  }, 120_000);

  it('shows a provider’s 503 then its success as two tries of the submission, the first an error, under the one attempt', async () => {
    const { stack, accounts } = suite;
    await falWorker();
    fal!.behave('server-error-once');
    const submitted = await submitRun(stack, accounts[0]!);
    expect(submitted.status).toBe(202);
    const { trace, ancestors } = await traceOf(submitted.runId);

    const provider = trace.find((s) => s.name === 'provider.generate')!;
    const tries = trace.filter((s) => s.name === 'provider.submit' && s.parentSpanId === provider.spanId).sort((a, b) => Number(a.attributes['mirrorverse.try']) - Number(b.attributes['mirrorverse.try']));
    expect(tries.map((s) => [s.attributes['mirrorverse.try'], s.statusCode])).toEqual([
      [1, 2],
      [2, 0],
    ]);
    expect(tries[0]!.statusMessage).toMatch(/503/);
    expect(ancestors(provider)).toEqual(expect.arrayContaining(['generation.attempt', 'generation.run', 'unified-generate']));
    // The run still ended well: the retry happened inside the provider call, not as a failed run.
    expect(trace.find((s) => s.name === 'generation.run')!.statusCode).toBe(0);
  }, 120_000);
});

describe('tracing off (no OTLP endpoint)', () => {
  it('loads no SDK: the built processes import it only inside startTracing, when an endpoint is set', () => {
    ensureBuilt('api');
    ensureBuilt('worker');
    const files = fs.readdirSync(path.join(repoRoot, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const code = files.map((file) => fs.readFileSync(path.join(repoRoot, 'dist', file), 'utf8'));
    for (const pkg of ['@opentelemetry/sdk-node', 'bullmq-otel']) {
      // No static import anywhere (it would load at start); one dynamic import, in startTracing.
      expect(code.filter((text) => new RegExp(`from\\s*"${pkg}"`).test(text)), pkg).toEqual([]);
      expect(code.filter((text) => text.includes(`import("${pkg}")`)).length, pkg).toBe(1);
    }
  });
});
