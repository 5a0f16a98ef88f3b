import { AsyncLocalStorage } from 'node:async_hooks';
import { type Attributes, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Telemetry } from 'bullmq';
import type { RunPass, RunStep, StepFacts } from '../db/schema';

/** What a process needs of tracing: BullMQ's telemetry when it is on, and how to flush and stop it. */
export interface Tracing {
  /** Given to every Queue and Worker: carries a span's context through the job (bullmq-otel). */
  telemetry: Telemetry | undefined;
  shutdown(): Promise<void>;
}

const OFF: Tracing = { telemetry: undefined, shutdown: async () => {} };

/**
 * Starts OpenTelemetry tracing when an OTLP endpoint is configured (issue 44), else does nothing and
 * loads nothing: the SDK is imported only here, only then. The SDK reads the standard variables
 * itself (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, OTEL_TRACES_SAMPLER/_ARG, OTEL_RESOURCE_ATTRIBUTES…);
 * `serviceName` is the default OTEL_SERVICE_NAME overrides. Traces only: no metrics or logs exporter.
 */
export async function startTracing(settings: { enabled: boolean }, serviceName: string): Promise<Tracing> {
  if (!settings.enabled) return OFF;
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const [{ NodeSDK }, { BullMQOtel }] = await Promise.all([import('@opentelemetry/sdk-node'), import('bullmq-otel')]);
  const sdk = new NodeSDK({ ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName }), instrumentations: [] });
  sdk.start();
  return { telemetry: new BullMQOtel({ tracerName: 'mirrorverse' }), shutdown: () => sdk.shutdown() };
}

const tracer = trace.getTracer('mirrorverse');

/** The attributes every span of a run carries. */
export function runAttributes(runId: string, mode: string): Attributes {
  return { 'mirrorverse.run_id': runId, 'mirrorverse.mode': mode };
}

/** Where a span is, in a run: the run's recorder and the step this code runs in (none at the pass's top). */
interface Place {
  recorder: RunRecorder;
  step?: RunStep;
}

/**
 * Kept by hand beside OpenTelemetry's context: without the SDK the API's context does not travel,
 * and a run's timeline is recorded whether tracing is on or off.
 */
const place = new AsyncLocalStorage<Place>();

/** What work inside a span may add to it: facts, set on the trace's span and the run's step alike. */
export interface Step {
  set(facts: StepFacts): void;
}

/**
 * Runs `work` inside a span named `name` (a child of the active one); in a run, the span carries the
 * run's attributes and becomes a step of its timeline. An error marks both failed with its message.
 * Without the SDK the API hands out no-op spans, so this costs next to nothing when tracing is off.
 */
export function inSpan<T>(name: string, facts: StepFacts, work: (step: Step) => Promise<T>): Promise<T> {
  const here = place.getStore();
  const attributes = here ? { ...here.recorder.attributes, ...prefixed(facts) } : prefixed(facts);
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    const step = here?.recorder.open(name, facts, (here.step?.depth ?? -1) + 1);
    const handle: Step = {
      set(more) {
        span.setAttributes(prefixed(more));
        if (step) Object.assign(step.facts, more);
      },
    };
    try {
      return await (step && here ? place.run({ recorder: here.recorder, step }, () => work(handle)) : work(handle));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      if (step) step.error = message;
      throw error;
    } finally {
      span.end();
      if (step) here?.recorder.close(step);
    }
  });
}

/** Adds facts to the step (and span) the calling code runs in, when there is one. */
export function noteOnStep(facts: StepFacts): void {
  trace.getActiveSpan()?.setAttributes(prefixed(facts));
  const step = place.getStore()?.step;
  if (step) Object.assign(step.facts, facts);
}

/**
 * One worker pass over a run: its root span (`generation.run`, under the submit's span that came in
 * the job) and the steps recorded under it — the run timeline an admin reads (issue 44 §4).
 */
export class RunRecorder {
  readonly attributes: Attributes;
  readonly steps: RunStep[] = [];
  /** The trace this pass belongs to; null when tracing is off. */
  traceId: string | null = null;
  private readonly origin = performance.now();
  private readonly started = new Map<RunStep, number>();
  readonly startedAt = new Date();

  constructor(runId: string, mode: string) {
    this.attributes = runAttributes(runId, mode);
  }

  /** The pass as the run's timeline keeps it. */
  pass(): RunPass {
    return { traceId: this.traceId, startedAt: this.startedAt.toISOString(), steps: this.steps };
  }

  /** Runs the pass under a span named `name`: every span opened inside is a step of it. */
  run<T>(name: string, work: (step: Step) => Promise<T>): Promise<T> {
    return place.run({ recorder: this }, () =>
      inSpan(name, {}, (step) => {
        const span = trace.getActiveSpan();
        if (span?.isRecording()) this.traceId = span.spanContext().traceId;
        return work(step);
      }),
    );
  }

  /** A step begins: kept in start order. */
  open(name: string, facts: StepFacts, depth: number): RunStep {
    const offset = performance.now() - this.origin;
    const step: RunStep = { name, offsetMs: Math.round(offset), ms: 0, depth, facts: { ...facts } };
    this.started.set(step, offset);
    this.steps.push(step);
    return step;
  }

  close(step: RunStep): void {
    step.ms = Math.round(performance.now() - this.origin - (this.started.get(step) ?? 0));
  }
}

/** Our facts travel as `mirrorverse.*` attributes on the spans. */
function prefixed(facts: StepFacts): Attributes {
  return Object.fromEntries(Object.entries(facts).map(([key, value]) => [`mirrorverse.${key}`, value]));
}

/** Names the run on the active span once it is known (the submit's span starts before the body is read). */
export function tagRun(runId: string, mode: string): void {
  trace.getActiveSpan()?.setAttributes(runAttributes(runId, mode));
}

/** The ids of the active span, for a log line written inside one (pino's mixin); nothing outside a span. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span || !span.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
