import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { type Session, bearer } from './auth';
import { repoRoot } from './process';

export const fixture = (name: string) => fs.readFileSync(path.join(repoRoot, 'tests/fixtures/faces', name));

/** Uploads a file the way the browser does: sign, then the multipart upload. Returns the upload answer. */
export async function uploadFile(app: Express, session: Session, data: Buffer, filename: string) {
  const signed = await request(app).post('/api/cloudinary-sign').set(bearer(session)).send({ folder: 'sources' });
  if (signed.status !== 200) throw new Error(`sign ${signed.status}: ${JSON.stringify(signed.body)}`);
  const { timestamp, signature, apiKey, cloudName, folder } = signed.body;
  const res = await request(app)
    .post(`/v1_1/${cloudName}/auto/upload`)
    .field('timestamp', String(timestamp))
    .field('signature', signature)
    .field('api_key', apiKey)
    .field('folder', folder)
    .attach('file', data, filename);
  if (res.status !== 200) throw new Error(`upload ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { secure_url: string; public_id: string; width: number; height: number };
}
