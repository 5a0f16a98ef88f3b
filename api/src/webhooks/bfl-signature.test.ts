import { describe, expect, it } from 'vitest';
import { signBflWebhook, verifyBflSignature } from './bfl-signature';

const secret = 'bfl-webhook-secret';
const body = Buffer.from(JSON.stringify({ id: 'task-1', status: 'Ready', result: { sample: 'https://delivery.example/x.jpg' } }));

describe('verifyBflSignature', () => {
  it('accepts the signature BFL computes over the raw body', () => {
    expect(verifyBflSignature(body, { 'x-bfl-signature': signBflWebhook(body, secret) }, secret)).toBe(true);
  });

  it('accepts an upper-case hex digest and a repeated header', () => {
    const signature = signBflWebhook(body, secret);
    expect(verifyBflSignature(body, { 'x-bfl-signature': `sha256=${signature.slice(7).toUpperCase()}` }, secret)).toBe(true);
    expect(verifyBflSignature(body, { 'x-bfl-signature': [signature, 'sha256=00'] }, secret)).toBe(true);
  });

  it('refuses a tampered body', () => {
    const tampered = Buffer.from(body.toString().replace('Ready', 'Error'));
    expect(verifyBflSignature(tampered, { 'x-bfl-signature': signBflWebhook(body, secret) }, secret)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyBflSignature(body, { 'x-bfl-signature': signBflWebhook(body, 'someone-else') }, secret)).toBe(false);
  });

  it('refuses a missing, malformed or truncated header and an empty secret', () => {
    const signature = signBflWebhook(body, secret);
    expect(verifyBflSignature(body, {}, secret)).toBe(false);
    expect(verifyBflSignature(body, { 'x-bfl-signature': signature.slice(7) }, secret)).toBe(false);
    expect(verifyBflSignature(body, { 'x-bfl-signature': signature.slice(0, -2) }, secret)).toBe(false);
    expect(verifyBflSignature(body, { 'x-bfl-signature': signBflWebhook(body, '') }, '')).toBe(false);
  });

  it('has no timestamp, so an old delivery still verifies (no replay window in this scheme)', () => {
    expect(verifyBflSignature(body, { 'x-bfl-signature': signBflWebhook(body, secret) }, secret, 0)).toBe(true);
  });
});
