import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export interface Secrets {
  /** Signs access tokens. */
  jwtSecret: string;
  /** Signs upload parameters (the media-cloud signature) and other short-lived HMACs. */
  signingSecret: string;
}

/**
 * JWT_SECRET when set; otherwise (development only — config refuses it in production)
 * a random secret generated once and kept in DATA_DIR, so sessions survive restarts.
 */
export function resolveSecrets(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Secrets {
  const jwtSecret = config.jwtSecret ?? readOrCreate(path.join(config.dataDir, 'secrets', 'jwt-secret'));
  const signingSecret = crypto.createHmac('sha256', jwtSecret).update('signing-secret/v1').digest('hex');
  return { jwtSecret, signingSecret };
}

function readOrCreate(file: string): string {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process created it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}
