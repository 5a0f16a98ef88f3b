import http from 'node:http';
import { freePort } from './ports';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
  /** 2 = error (OTLP's STATUS_CODE_ERROR). */
  statusCode: number;
}

/** A test's own OTLP/HTTP collector (http/json): keeps every span the product's processes export. */
export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Export requests received (of any content), to tell "no traffic" from "no spans". */
  requests(): number;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };
interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: KeyValue[]; status?: { code?: number } }> }>;
  }>;
}

function valueOf(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  return Number(value.intValue);
}

const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      if (req.url === '/v1/traces' && (req.headers['content-type'] ?? '').includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest;
        for (const resourceSpans of body.resourceSpans ?? []) {
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
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
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
