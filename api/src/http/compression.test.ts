import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { compressResponses } from './compression';

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `creation number ${i}` })) };

function app() {
  const a = express().use(compressResponses());
  a.get('/big', (_req, res) => void res.json(big));
  a.get('/small', (_req, res) => void res.json({ ok: true }));
  a.get('/events', (_req, res) => {
    res.setHeader('Content-Type', 'text/event-stream');
    res.end(`data: ${'x'.repeat(4000)}\n\n`);
  });
  a.get('/no-transform', (_req, res) => {
    res.setHeader('Cache-Control', 'no-transform');
    res.json(big);
  });
  return a;
}

describe('compressResponses', () => {
  it('compresses JSON over 1 KB for clients that accept it, gzip or brotli', async () => {
    const gz = await request(app()).get('/big').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(big);
    const br = await request(app()).get('/big').set('Accept-Encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(big);
  });

  it('leaves small answers, event streams and no-transform answers as they are', async () => {
    for (const path of ['/small', '/events', '/no-transform']) {
      const res = await request(app()).get(path).set('Accept-Encoding', 'gzip, br');
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
