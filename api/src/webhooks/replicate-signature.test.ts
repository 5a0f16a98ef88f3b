import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyReplicateSignature } from './replicate-signature';

const key = randomBytes(24);
const secret = `whsec_${key.toString('base64')}`;
const now = 1_790_000_000;
const body = Buffer.from(JSON.stringify({ id: 'p1', status: 'succeeded', output: 'https://replicate.delivery/x.png' }));

/** Signs as Replicate does, written out here independently of the code under test. */
function sign(raw: Buffer, timestamp: number, signingKey = key, id = 'msg_1'): Record<string, string> {
  const signature = createHmac('sha256', signingKey).update(`${id}.${timestamp}.${raw.toString('utf8')}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

describe('verifyReplicateSignature', () => {
  it('accepts a body signed with the secret', () => {
    expect(verifyReplicateSignature(body, sign(body, now), secret, now)).toBe(true);
  });

  it('accepts when any of several signatures matches (secret rotation)', () => {
    const headers = sign(body, now);
    headers['webhook-signature'] = `v1,${randomBytes(32).toString('base64')} ${headers['webhook-signature']}`;
    expect(verifyReplicateSignature(body, headers, secret, now)).toBe(true);
  });

  it('accepts headers given as arrays', () => {
    const headers = Object.fromEntries(Object.entries(sign(body, now)).map(([k, v]) => [k, [v]]));
    expect(verifyReplicateSignature(body, headers, secret, now)).toBe(true);
  });

  it('refuses a tampered body', () => {
    const tampered = Buffer.from(body.toString('utf8').replace('succeeded', 'failed'));
    expect(verifyReplicateSignature(tampered, sign(body, now), secret, now)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyReplicateSignature(body, sign(body, now, randomBytes(24)), secret, now)).toBe(false);
  });

  it('refuses a timestamp more than 300 s away, either way', () => {
    expect(verifyReplicateSignature(body, sign(body, now - 301), secret, now)).toBe(false);
    expect(verifyReplicateSignature(body, sign(body, now + 301), secret, now)).toBe(false);
    expect(verifyReplicateSignature(body, sign(body, now - 299), secret, now)).toBe(true);
  });

  it('refuses a changed webhook-id and missing or malformed headers', () => {
    const headers = sign(body, now);
    expect(verifyReplicateSignature(body, { ...headers, 'webhook-id': 'msg_2' }, secret, now)).toBe(false);
    expect(verifyReplicateSignature(body, { ...headers, 'webhook-signature': undefined }, secret, now)).toBe(false);
    expect(verifyReplicateSignature(body, { ...headers, 'webhook-signature': headers['webhook-signature']!.replace('v1,', 'v2,') }, secret, now)).toBe(false);
    expect(verifyReplicateSignature(body, { ...headers, 'webhook-timestamp': 'soon' }, secret, now)).toBe(false);
  });
});
