import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhookRefusedError, httpWebhookSender } from './webhook-sender';

/** An endpoint on 127.0.0.1 whose answer each test picks. */
let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end();
const seen: Array<{ method?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() });
    handle(req, res);
  });
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

const request = (url: string) => ({ url, body: '{"success":true}', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' } });

describe('httpWebhookSender', () => {
  it('POSTs the body and headers as given and answers the status', async () => {
    handle = (_req, res) => res.writeHead(204).end();
    const send = httpWebhookSender({ allowPrivate: true });
    expect(await send(request(`${origin}/hook`))).toEqual({ status: 204 });
    expect(seen).toEqual([{ method: 'POST', headers: expect.objectContaining({ 'webhook-id': 'msg_1', 'content-length': '16' }), body: '{"success":true}' }]);
  });

  it('follows no redirect: a 3xx is the answer', async () => {
    handle = (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/elsewhere' }).end();
    expect(await httpWebhookSender({ allowPrivate: true })(request(`${origin}/moved`))).toEqual({ status: 302 });
    expect(seen).toHaveLength(1);
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    handle = () => {};
    const answer = await httpWebhookSender({ allowPrivate: true, timeoutMs: 200 })(request(`${origin}/slow`));
    expect(answer).toEqual({ status: null, error: 'no answer within 0.2 s' });
  });

  it('answers a connection that failed as no answer, to be tried again', async () => {
    const answer = await httpWebhookSender({ allowPrivate: true })(request('http://127.0.0.1:1/closed'));
    expect(answer).toMatchObject({ status: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('refuses, without connecting, an address the submit would refuse', async () => {
    await expect(httpWebhookSender({ allowPrivate: false })(request(`${origin}/hook`))).rejects.toBeInstanceOf(WebhookRefusedError);
    await expect(httpWebhookSender({ allowPrivate: false })(request('https://10.0.0.1/hook'))).rejects.toThrow(/public address/);
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to a private address when it is sent (DNS changed since the submit)', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: (error: null, address: string | dns.LookupAddress[], family?: number) => void) =>
      callback(null, [{ address: '10.20.30.40', family: 4 }])) as unknown as typeof dns.lookup);
    const sent = httpWebhookSender({ allowPrivate: false })(request('https://hooks.example.com/run'));
    await expect(sent).rejects.toBeInstanceOf(WebhookRefusedError);
    await expect(sent).rejects.toThrow('hooks.example.com resolves to 10.20.30.40, a private address');
  });
});
