import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type OtlpReceiver, startOtlpReceiver } from '../support/otlp-receiver';

/** The SDK's own exporter of each encoding a product process may be set to (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL). */
const STATUS_MESSAGE = 'it failed';

const exporters = {
  json: (url: string): SpanExporter => new JsonTraceExporter({ url }),
  protobuf: (url: string): SpanExporter => new ProtobufTraceExporter({ url }),
};
// Simple sends a request per span; batch sends both of a test's spans in one request.
const processors = {
  SimpleSpanProcessor: (exporter: SpanExporter) => new SimpleSpanProcessor(exporter),
  BatchSpanProcessor: (exporter: SpanExporter) => new BatchSpanProcessor(exporter),
};

/** The test collector against the SDK's exporters: what tracing.test.ts reads must be what was sent. */
describe.each(['json', 'protobuf'] as const)('the OTLP receiver given http/%s', (protocol) => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it.each(['SimpleSpanProcessor', 'BatchSpanProcessor'] as const)('reads a parent and a child exported through a %s', async (processor) => {
    const service = `otlp-receiver-test-${protocol}-${processor}`;
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': service }),
      spanProcessors: [processors[processor](exporters[protocol](`${receiver.url}/v1/traces`))],
    });
    onTestFinished(() => provider.shutdown());
    const tracer = provider.getTracer('otlp-receiver-test');
    const parent = tracer.startSpan('parent', {
      // A negative and a beyond-32-bit int64, a double, and an array (which arrives as JSON text).
      attributes: { 'test.text': 'héllo', 'test.count': 42, 'test.offset': -3, 'test.big': 2 ** 40, 'test.ratio': 0.25, 'test.flag': true, 'test.off': false, 'test.tags': ['a', 'b'] },
    });
    const child = tracer.startSpan('child', { attributes: { 'test.step': 1 } }, trace.setSpan(context.active(), parent));
    child.setStatus({ code: SpanStatusCode.ERROR, message: STATUS_MESSAGE });
    child.end();
    parent.end();
    // An export resolves on the receiver's answer, which it gives after keeping the spans.
    await provider.forceFlush();

    const { traceId, spanId } = parent.spanContext();
    const received = receiver.spans.filter((span) => span.traceId === traceId);
    expect(received.map((span) => span.name).sort()).toEqual(['child', 'parent']);
    const receivedParent = received.find((span) => span.name === 'parent')!;
    const receivedChild = received.find((span) => span.name === 'child')!;
    expect(receivedParent).toEqual({
      service,
      traceId,
      spanId,
      parentSpanId: '',
      name: 'parent',
      attributes: { 'test.text': 'héllo', 'test.count': 42, 'test.offset': -3, 'test.big': 2 ** 40, 'test.ratio': 0.25, 'test.flag': true, 'test.off': false, 'test.tags': '["a","b"]' },
      statusCode: 0,
      statusMessage: '',
      protocol,
    });
    expect(receivedChild).toEqual({
      service,
      traceId,
      spanId: child.spanContext().spanId,
      parentSpanId: spanId,
      name: 'child',
      attributes: { 'test.step': 1 },
      statusCode: 2,
      statusMessage: STATUS_MESSAGE,
      protocol,
    });
  });
});
