import { type Attributes, type Span, SpanStatusCode, context, createContextKey, trace } from '@opentelemetry/api';
import type { Telemetry } from 'bullmq';

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

/** The run a span belongs to, kept in the context so every span under it carries it. */
const RUN = createContextKey('mirrorverse.run');

/** The attributes every span of a run carries. */
export function runAttributes(runId: string, mode: string): Attributes {
  return { 'mirrorverse.run_id': runId, 'mirrorverse.mode': mode };
}

/**
 * Runs `work` inside a span named `name` (a child of the active one), with the run's attributes when
 * it is inside one: an error marks it failed with its message. Without the SDK the API hands out
 * no-op spans, so this costs next to nothing when tracing is off.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  const run = context.active().getValue(RUN) as Attributes | undefined;
  return tracer.startActiveSpan(name, { attributes: { ...run, ...attributes } }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `inSpan` for a run's work: this span and every one under it name the run. */
export function inRunSpan<T>(name: string, runId: string, mode: string, work: (span: Span) => Promise<T>): Promise<T> {
  return context.with(context.active().setValue(RUN, runAttributes(runId, mode)), () => inSpan(name, {}, work));
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
