import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { type Session, bearer, signIn, uniqueEmail } from './auth';
import type { TestContext } from './test-app';
import { fixture, uploadFile } from './uploads';
import { until } from './wait';

/** The custom prompt the provider-backed tests ask for: a portrait, so the likeness check applies. */
export const NEON_PORTRAIT = 'portrait in a neon-lit rainy street at night';

/** A run id of the shape the web client makes. */
export const randomRunId = () => `run_${randomBytes(8).toString('hex')}`;

/** Submits a run through the api as `session` and expects it accepted (202). */
export async function submitAccepted(app: Express, session: Session, body: Record<string, unknown>): Promise<void> {
  const res = await request(app).post('/api/unified-generate').set(bearer(session)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

/** A person `name` signed in at an address of their own with 100 credits, and the portrait they uploaded (grace_hopper.jpg). */
export async function signInWithPortrait(ctx: TestContext, name: string) {
  const session = await signIn(ctx.app, uniqueEmail(name));
  await ctx.infra.db.updateTable('users').set({ credits: 100 }).where('id', '=', session.user.id).execute();
  const source = await uploadFile(ctx.app, session, fixture('grace_hopper.jpg'), 'grace_hopper.jpg');
  return { session, source };
}

/** Submits an accepted custom run, the neon portrait, of an uploaded photo at `sourceUrl`; answers the run's id. */
export async function submitPortraitRun(app: Express, session: Session, sourceUrl: string): Promise<string> {
  const runId = randomRunId();
  await submitAccepted(app, session, { mode: 'custom', runId, prompt: NEON_PORTRAIT, sourceAssetId: sourceUrl });
  return runId;
}

/** Polls getMediaByRunId as the web client does (faster) until the run is over — 202 while it is processing — and answers that response. */
export function pollUntilFinished(app: Express, session: Session, runId: string, timeoutMs = 60_000) {
  return until(() => request(app).get('/api/getMediaByRunId').query({ runId }).set(bearer(session)), (res) => res.status !== 202, timeoutMs, `run ${runId} to finish`, 50);
}

/** Submits an accepted custom run of `prompt` (no photo) and waits until it is over; answers its id and its getMediaByRunId answer. */
export async function runCustomPrompt(app: Express, session: Session, prompt: string) {
  const runId = randomRunId();
  await submitAccepted(app, session, { mode: 'custom', prompt, runId });
  return { runId, answer: await pollUntilFinished(app, session, runId) };
}

/** A preset run the instant and local engines make: Unreal Reflection's "Oracle of Seoul". */
export const ORACLE_OF_SEOUL = { mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_oracle_of_seoul' } as const;

/** Uploads the fixture photo `photo` as `session`, then submits one accepted run of it (`fields` name its mode); answers the run's id. */
export async function submitRunOfPhoto(app: Express, session: Session, photo: string, fields: Record<string, unknown>): Promise<string> {
  const upload = await uploadFile(app, session, fixture(photo), photo);
  const runId = randomRunId();
  await submitAccepted(app, session, { ...fields, runId, sourceAssetId: upload.secure_url });
  return runId;
}
