import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Storage } from '@app/shared/server/storage';
import { errorHandler } from '../http/errors';
import { mediaFileRoutes } from './media-files';

/** A large object whose body sends one chunk, then either waits or fails: the client decides what happens. */
function slowObject(fail: boolean) {
  let sent = false;
  const body = new Readable({
    read() {
      if (sent) {
        if (fail) this.destroy(new Error('disk read failed'));
        return;
      }
      sent = true;
      this.push(Buffer.alloc(64 * 1024, 1));
    },
  });
  return { body, contentType: 'image/webp', contentLength: 10 * 1024 * 1024 };
}

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

async function serve(objects: Record<string, ReturnType<typeof slowObject>>) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const storage: Pick<Storage, 'get'> = { get: (key) => Promise.resolve(objects[key] ?? null) };
  const guards = { access: { of: () => Promise.resolve({ public: true as const }) }, signer: { remainingSeconds: () => null }, viewer: () => Promise.resolve(undefined) };
  const app = express().use(mediaFileRoutes(storage, guards)).use(errorHandler(pino({ level: 'info' }, sink)));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return { lines, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Reads the first bytes of `url`, then hangs up or reads on, until the server's side is over. */
function fetchFirstBytes(url: string, hangUp: boolean): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.once('data', () => {
        if (hangUp) res.destroy();
      });
      res.on('close', () => resolve());
      res.on('error', () => resolve());
    });
    // The server cutting a failed answer short resets the connection.
    req.on('error', () => resolve());
  });
}

describe('media files', () => {
  it('logs no error when the browser stops reading a file, and still logs a storage read that fails', async () => {
    const aborted = slowObject(false);
    const failing = slowObject(true);
    const { lines, base } = await serve({ 'media/u1/left.webp': aborted, 'media/u1/broken.webp': failing });

    await fetchFirstBytes(`${base}/media/media/u1/left.webp`, true);
    await expect.poll(() => aborted.body.destroyed).toBe(true);
    await fetchFirstBytes(`${base}/media/media/u1/broken.webp`, false);
    await expect.poll(() => lines.length).toBeGreaterThan(0);

    // The failing read is the only line: the hang-up before it logged nothing.
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', err: expect.objectContaining({ message: 'disk read failed' }) })]);
  });
});
