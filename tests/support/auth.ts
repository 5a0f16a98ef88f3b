import { setTimeout as sleep } from 'node:timers/promises';
import type { Express } from 'express';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import { CreditsRepository, UsersRepository } from '@app/shared/server/repositories';
import request from 'supertest';
import { TokenService } from '../../api/src/services/tokens';

/** Reads the newest code mailed to an address from the development outbox, waiting for the worker. */
export async function readCodeFromOutbox(app: Express, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await request(app).get('/api/dev/outbox').query({ email });
    const newest = (res.body.messages ?? []) as Array<{ text: string; sentAt: string }>;
    const fresh = newest.find((m) => Date.parse(m.sentAt) > after);
    const code = fresh?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await sleep(50);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Waits until the worker has delivered at least `count` messages to an address. */
export async function waitForMailCount(app: Express, email: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await request(app).get('/api/dev/outbox').query({ email });
    if ((res.body.messages ?? []).length >= count) return;
    await sleep(50);
  }
  throw new Error(`fewer than ${count} messages mailed to ${email}`);
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; credits: number; name?: string | null; username?: string | null };
}

/** Signs in (creating the account when new) the way the browser does. */
export async function signIn(app: Express, email: string, extra: { referrerEmail?: string } = {}): Promise<Session> {
  const before = Date.now() - 1;
  const requested = await request(app).post('/api/request-otp').send({ email });
  if (requested.status !== 200) throw new Error(`request-otp ${requested.status}: ${JSON.stringify(requested.body)}`);
  const code = await readCodeFromOutbox(app, email, before);
  const verified = await request(app).post('/api/verify-otp').send({ email, code, ...extra });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  return verified.body as Session;
}

export const bearer = (session: Session) => ({ Authorization: `Bearer ${session.accessToken}` });

/** An address of its own for `name` ("alice-1a2b3c4d@example.com"), so reruns and parallel files never meet. */
export const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

/** An account and an access token made directly, for tests whose app runs no e-mail worker. */
export async function createAccount(infra: Infrastructure, email: string, credits = 20): Promise<Session> {
  const user = await new UsersRepository(infra.db).create({ email, referral_code: randomBytes(6).toString('base64url') });
  await new CreditsRepository(infra.db).apply({ userId: user.id, delta: credits, reason: 'signup' });
  // A session id of its own (no refresh token): such a session is never denied by a logout.
  const accessToken = await new TokenService(infra.secrets.jwtSecret).signAccessToken(user.id, randomUUID());
  return { accessToken, refreshToken: '', user: { id: user.id, email: user.email, credits } };
}

/** One account per name (each at an address of its own), made directly; answered by name. */
export async function createAccounts<Name extends string>(infra: Infrastructure, names: Name[]): Promise<Record<Name, Session>> {
  const sessions = await Promise.all(names.map(async (name) => [name, await createAccount(infra, uniqueEmail(name))] as const));
  return Object.fromEntries(sessions) as Record<Name, Session>;
}
