import http from 'node:http';
import { freePort } from './ports';

/** One span as an OTLP/HTTP export (JSON or protobuf) carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
  /** 2 = error (OTLP's STATUS_CODE_ERROR). */
  statusCode: number;
  /** The error's message, when the span failed ('' otherwise). */
  statusMessage: string;
  /** The encoding it arrived in (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL http/json or http/protobuf). */
  protocol: 'json' | 'protobuf';
}

/** A test's own OTLP/HTTP collector (http/json and http/protobuf): keeps every span the product's processes export. */
export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Export requests received (of any content), to tell "no traffic" from "no spans". */
  requests(): number;
  close(): Promise<void>;
}

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  bytesValue?: string;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
};
type KeyValue = { key: string; value: AnyValue };
/** An ExportTraceServiceRequest in its JSON form; a protobuf one is decoded to the same shape. */
interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: KeyValue[]; status?: { code?: number; message?: string } }> }>;
  }>;
}

function valueOf(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  // ReceivedSpan has no type for arrays, maps and bytes (base64, as OTLP/JSON writes them): they come as text.
  if (value.arrayValue) return JSON.stringify((value.arrayValue.values ?? []).map(valueOf));
  if (value.kvlistValue) return JSON.stringify(attributesOf(value.kvlistValue.values));
  return value.bytesValue ?? '';
}

const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/**
 * A protobuf message's fields by number, each with its values in order: varints as bigint (an
 * int64 needs all 64 bits), fixed-size and length-delimited fields as their bytes. What a field
 * means is up to its reader, so fields nobody asks for are skipped just by not being read.
 */
type Message = Map<number, Array<bigint | Buffer>>;

function readMessage(bytes: Buffer): Message {
  const message: Message = new Map();
  let pos = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = bytes[pos++];
      if (byte === undefined) throw new Error('protobuf: truncated varint');
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  const take = (length: number) => {
    if (pos + length > bytes.length) throw new Error('protobuf: truncated field');
    return bytes.subarray(pos, (pos += length));
  };
  while (pos < bytes.length) {
    const tag = varint();
    const wireType = Number(tag & 7n);
    const value = wireType === 0 ? varint() : wireType === 1 ? take(8) : wireType === 2 ? take(Number(varint())) : wireType === 5 ? take(4) : undefined;
    // 3 and 4 are proto2's groups, which OTLP never uses.
    if (value === undefined) throw new Error(`protobuf: unsupported wire type ${wireType}`);
    const field = Number(tag >> 3n);
    if (!message.has(field)) message.set(field, []);
    message.get(field)!.push(value);
  }
  return message;
}

// A singular field's last value wins, as in protobuf; an absent sub-message reads as an empty one.
const bytesOf = (message: Message, field: number) => message.get(field)?.findLast((value) => Buffer.isBuffer(value));
const varintOf = (message: Message, field: number) => message.get(field)?.findLast((value) => typeof value === 'bigint');
const textOf = (message: Message, field: number) => bytesOf(message, field)?.toString('utf8') ?? '';
const hexOf = (message: Message, field: number) => bytesOf(message, field)?.toString('hex') ?? '';
const messageOf = (message: Message, field: number) => readMessage(bytesOf(message, field) ?? Buffer.alloc(0));
const messagesOf = (message: Message, field: number) => (message.get(field) ?? []).filter((value) => Buffer.isBuffer(value)).map(readMessage);

// Field numbers from opentelemetry/proto (common/v1/common.proto, trace/v1/trace.proto,
// collector/trace/v1/trace_service.proto), as @opentelemetry/otlp-transformer writes them.
const keyValuesOf = (list: Message[]): KeyValue[] => list.map((keyValue) => ({ key: textOf(keyValue, 1), value: anyValueOf(messageOf(keyValue, 2)) }));

function anyValueOf(value: Message): AnyValue {
  if (value.has(1)) return { stringValue: textOf(value, 1) };
  if (value.has(2)) return { boolValue: varintOf(value, 2) !== 0n };
  if (value.has(3)) return { intValue: Number(BigInt.asIntN(64, varintOf(value, 3) ?? 0n)) };
  if (value.has(4)) return { doubleValue: bytesOf(value, 4)?.readDoubleLE(0) };
  if (value.has(5)) return { arrayValue: { values: messagesOf(messageOf(value, 5), 1).map(anyValueOf) } };
  if (value.has(6)) return { kvlistValue: { values: keyValuesOf(messagesOf(messageOf(value, 6), 1)) } };
  return { bytesValue: bytesOf(value, 7)?.toString('base64') };
}

function decodeExportRequest(body: Buffer): ExportRequest {
  return {
    resourceSpans: messagesOf(readMessage(body), 1).map((resourceSpans) => ({
      resource: { attributes: keyValuesOf(messagesOf(messageOf(resourceSpans, 1), 1)) },
      scopeSpans: messagesOf(resourceSpans, 2).map((scopeSpans) => ({
        spans: messagesOf(scopeSpans, 2).map((span) => ({
          traceId: hexOf(span, 1),
          spanId: hexOf(span, 2),
          parentSpanId: hexOf(span, 4),
          name: textOf(span, 5),
          attributes: keyValuesOf(messagesOf(span, 9)),
          status: { code: Number(varintOf(messageOf(span, 15), 3) ?? 0n), message: textOf(messageOf(span, 15), 2) },
        })),
      })),
    })),
  };
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const type = req.headers['content-type'] ?? '';
      const protocol = type.includes('protobuf') ? 'protobuf' : type.includes('json') ? 'json' : undefined;
      if (req.url === '/v1/traces' && protocol) {
        const body = Buffer.concat(chunks);
        const request = protocol === 'json' ? (JSON.parse(body.toString('utf8')) as ExportRequest) : decodeExportRequest(body);
        for (const resourceSpans of request.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                attributes: attributesOf(span.attributes),
                statusCode: span.status?.code ?? 0,
                statusMessage: span.status?.message ?? '',
                protocol,
              });
            }
          }
        }
      }
      // An empty ExportTraceServiceResponse (full success) in the encoding of the request: the
      // exporter decodes the answer with the same serializer and warns on one it cannot read.
      if (protocol === 'protobuf') res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
