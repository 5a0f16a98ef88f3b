import { createHash, timingSafeEqual } from 'node:crypto';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's view of 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Whether a presented secret is the expected one, in time that depends on neither (both are hashed first). */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, a client sending it as a bearer token; without,
 * only clients on this machine. The socket's peer address decides, never a forwarded header.
 */
export function metricsAccess(token: string | undefined, remoteAddress: string | undefined, authorization: string | undefined): 'allowed' | 'denied' {
  if (token === undefined) return isLoopbackAddress(remoteAddress) ? 'allowed' : 'denied';
  const presented = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
  return sameSecret(presented, token) ? 'allowed' : 'denied';
}
