import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Black Forest Labs signs a webhook with the `webhook_secret` we sent at submit:
 * `X-BFL-Signature: sha256=<hex HMAC-SHA256(secret, rawBody)>`. The scheme has no timestamp, so
 * there is no replay window to check (`nowSeconds` is accepted for the common verifier shape);
 * a replayed delivery is harmless because the driver ignores a second completion.
 */
export function verifyBflSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  _nowSeconds: number = Math.floor(Date.now() / 1000),
): boolean {
  if (!secret) return false;
  const header = headers['x-bfl-signature'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  const match = value ? /^sha256=([0-9a-f]{64})$/i.exec(value) : null;
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value for a body (what BFL sends; used by the fake and tests). */
export function signBflWebhook(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}
