import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Replicate signs webhooks with the Standard Webhooks scheme (`../shared/research/providers.md`
 * §1.4): `webhook-signature` holds space-separated `v1,<base64>` entries, each an HMAC-SHA256 of
 * `${webhook-id}.${webhook-timestamp}.${raw body}` keyed by the base64 part of the `whsec_…`
 * secret. Several entries appear while a secret is rotated; any one matching is enough.
 */

/** How far the signed timestamp may be from our clock, either way (replays, skew). */
export const REPLICATE_WEBHOOK_TOLERANCE_SECONDS = 300;

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** True when the body was signed with `secret` within ±300 s of `nowSeconds`. */
export function verifyReplicateSignature(rawBody: Buffer, headers: Headers, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > REPLICATE_WEBHOOK_TOLERANCE_SECONDS) return false;

  const key = Buffer.from(secret.slice(secret.lastIndexOf('_') + 1), 'base64');
  if (key.length === 0) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();

  let matched = false;
  for (const entry of signatures.split(' ')) {
    const [versionTag, signature] = entry.split(',', 2);
    if (versionTag !== 'v1' || !signature) continue;
    const given = Buffer.from(signature, 'base64');
    // Every entry is checked (no early return) so timing says nothing about which matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched;
}
