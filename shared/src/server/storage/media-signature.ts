import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a signed media address lives (issue 42: at most an hour). */
export const SIGNED_MEDIA_MAX_SECONDS = 3600;
/**
 * Expiries are rounded to this step, so an address stays the same for half an hour and the
 * browser's cache keeps serving an image a page shows again; each lives 30 to 60 minutes.
 */
const STEP_SECONDS = 1800;

/** An address's signature: when it ends (seconds since the epoch) and the HMAC over key and end. */
export interface MediaSignature {
  exp: number;
  sig: string;
}

/**
 * Short-lived addresses of files that are not public (private or held items, source photos):
 * `/media/<key>?exp=…&sig=…`, HMAC-SHA256 over the key and the expiry with a key derived from
 * the signing secret (itself derived from JWT_SECRET, which production requires).
 */
export class MediaSigner {
  private readonly key: Buffer;

  constructor(signingSecret: string) {
    this.key = createHmac('sha256', signingSecret).update('media-url/v1').digest();
  }

  sign(key: string, now: Date = new Date()): MediaSignature {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const exp = (Math.floor(nowSeconds / STEP_SECONDS) + SIGNED_MEDIA_MAX_SECONDS / STEP_SECONDS) * STEP_SECONDS;
    return { exp, sig: this.mac(key, exp) };
  }

  /** Seconds the signature has left when it is ours and unexpired; otherwise null. */
  remainingSeconds(key: string, exp: unknown, sig: unknown, now: Date = new Date()): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
    const expiry = Number(exp);
    const left = expiry - Math.floor(now.getTime() / 1000);
    // A signature reaching further than the longest we make is not one of ours.
    if (left <= 0 || left > SIGNED_MEDIA_MAX_SECONDS) return null;
    const expected = Buffer.from(this.mac(key, expiry));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }
}
