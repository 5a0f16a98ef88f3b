import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { submitRun, until } from '../support/fault-stack';
import { useFaultStack } from '../support/fault-suite';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver';
import { repoRoot } from '../support/process';

const postgresUrl = inject('postgresUrl') ?? '';

/**
 * One trace per run (issue 44), across the built api and worker processes on Postgres and Redis:
 * both export to an OTLP/HTTP (JSON) collector of the test's own. The submit's span is the root;
 * its context travels in the BullMQ job (bullmq-otel) to the worker's spans of the run.
 */
describe.runIf(postgresUrl)('tracing a run from the api through the queue to the worker', () => {
  let receiver: OtlpReceiver | undefined;
  // Filled in once the collector listens (servers() runs before the processes start).
  const env: Record<string, string> = { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '200', LOG_LEVEL: 'info' };
  const suite = useFaultStack({
    accounts: 1,
    credits: 40,
    env,
    servers: async () => {
      receiver = await startOtlpReceiver();
      env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      return { postgresUrl, redisUrl: inject('redisUrl') };
    },
    afterClose: async () => {
      await receiver?.close();
    },
  });

  it('makes one trace of a run: the submit in the api, the job and the run in the worker, each attempt under it', async () => {
    const { stack, accounts } = suite;
    const worker = await stack.startReadyWorker();
    const submitted = await submitRun(stack, accounts[0]!);
    expect(submitted.status).toBe(202);
    const runId = submitted.runId;

    const spans = receiver!.spans;
    const named = (name: string, service: string) => spans.find((s) => s.name === name && s.service === service && s.attributes['mirrorverse.run_id'] === runId);
    await until(async () => Boolean(named('unified-generate', 'mirrorverse-api') && named('settle', 'mirrorverse-worker')), Boolean, 60_000, 'the run’s spans from both processes', 200);

    const root = named('unified-generate', 'mirrorverse-api')!;
    const trace = spans.filter((s) => s.traceId === root.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (span: ReceivedSpan): string[] => {
      const names: string[] = [];
      for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) names.push(parent.name);
      return names;
    };
    console.log(`[tracing] trace ${root.traceId}: ${trace.map((s) => `${s.service}/${s.name}`).join(', ')}`);

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
    expect(ancestors(trace.find((s) => s.name === 'provider.generate')!)[0]).toBe('generation.attempt');
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
    const finished = worker
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"generation finished"') && line.includes(runId));
    expect(finished).toContain(`"trace_id":"${root.traceId}"`);
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
