import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../support/database';
import { freePort } from '../support/process';
import { startTestApp, type TestContext } from '../support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('sign-in code mail over real SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
    ctx = await startTestApp(availableDialects().at(-1)!, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Mirrorverse <codes@mirrorverse.test>' });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the code mail through the worker, then keeps no copy of the code', async () => {
    const email = `smtp-${randomBytes(4).toString('hex')}@example.com`;
    expect((await request(ctx.app).post('/api/request-otp').send({ email })).status).toBe(200);

    const deadline = Date.now() + 15_000;
    while (!received.some((m) => m.to.includes(email)) && Date.now() < deadline) await sleep(50);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('codes@mirrorverse.test');
    expect(mail?.raw).toContain('Subject: Your Mirrorverse login code');
    const code = mail?.raw.match(/^(\d{6})\r?$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verified = await request(ctx.app).post('/api/verify-otp').send({ email, code });
    expect(verified.status).toBe(200);

    const stored = await ctx.infra.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'sent', transport: 'smtp', text_body: null, html_body: null });
    // With SMTP configured there is no development outbox to read codes from.
    expect((await request(ctx.app).get('/api/dev/outbox').query({ email })).status).toBe(404);
  });
});
