import { createHash, timingSafeEqual } from 'node:crypto';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's view of 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** What decides whether a request is local: its socket's peer and, in Express, the client addresses it trusts. */
export interface Caller {
  socket: { remoteAddress?: string | undefined };
  /** Express's req.ip: under `trust proxy`, the client a trusted proxy forwarded for. */
  ip?: string | undefined;
  /** Express's req.ips: every forwarded address `trust proxy` accepts (all of them when it trusts every hop). */
  ips?: string[];
}

/**
 * Whether a request comes from this machine: the socket's peer, the client the app trusts
 * (req.ip) and every forwarded address it accepts are all loopback. A reverse proxy on this
 * host makes every socket peer loopback, so the peer alone would let anyone in; req.ip alone
 * can be forged where every hop is trusted (TRUST_PROXY=true), so the peer must agree too.
 */
export function isLocalCaller(caller: Caller): boolean {
  const addresses = [caller.socket.remoteAddress, ...('ip' in caller ? [caller.ip] : []), ...(caller.ips ?? [])];
  return addresses.every(isLoopbackAddress);
}

/** Whether a presented secret is the expected one, in time that depends on neither (both are hashed first). */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, a client sending it as a bearer token; without,
 * only clients on this machine (`isLocalCaller`).
 */
export function metricsAccess(token: string | undefined, caller: Caller, authorization: string | undefined): 'allowed' | 'denied' {
  if (token === undefined) return isLocalCaller(caller) ? 'allowed' : 'denied';
  const presented = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
  return sameSecret(presented, token) ? 'allowed' : 'denied';
}
