import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The "cloud" the media-cloud compatible upload answers for: `/v1_1/mirrorverse/auto/upload`. */
export const CLOUD_NAME = 'mirrorverse';
/** A signature is good for this long after its timestamp. */
export const SIGNATURE_TTL_SECONDS = 10 * 60;
/** Tolerated clock skew for a timestamp in the future. */
export const SIGNATURE_FUTURE_SKEW_SECONDS = 60;

const API_KEY_PREFIX = 'mv1_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NONCE = /^_[A-Za-z0-9_-]{8,32}$/;

export type SignatureCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid' | 'stale' };

/**
 * Signatures of the direct upload, in the manner of Cloudinary's: an HMAC-SHA256 (hex) over
 * the signed parameters sorted by name and joined as `a=1&b=2`. Unlike Cloudinary the
 * `api_key` is signed too, and it names the person (`mv1_<user id>`), so a signature made
 * for one account can't be used by another. The HMAC key is derived from the server's
 * signing secret, so it never equals a key used for anything else.
 */
export class UploadSigner {
  private readonly key: Buffer;

  constructor(
    signingSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', signingSecret).update('upload-signature/v1').digest();
  }

  /** Unix seconds, the timestamp put into a new signature. */
  timestamp(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * `mv1_<user id>_<nonce>`: the nonce makes every signature unique (two signed in the same
   * second would otherwise be equal), which is what lets a signature be used once.
   */
  apiKeyFor(userId: string, nonce: string = randomBytes(9).toString('base64url')): string {
    return `${API_KEY_PREFIX}${userId}_${nonce}`;
  }

  /** The person an api_key names, or null for anything we never issued. */
  userIdOf(apiKey: string): string | null {
    if (!apiKey.startsWith(API_KEY_PREFIX)) return null;
    const id = apiKey.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + 36);
    const rest = apiKey.slice(API_KEY_PREFIX.length + 36);
    return UUID.test(id) && (rest === '' || NONCE.test(rest)) ? id : null;
  }

  /** The parameters sorted and joined; empty values are left out (as Cloudinary does). */
  static stringToSign(params: Record<string, string | number | undefined>): string {
    return Object.keys(params)
      .filter((name) => params[name] !== undefined && params[name] !== '')
      .sort()
      .map((name) => `${name}=${params[name]}`)
      .join('&');
  }

  sign(params: Record<string, string | number | undefined>): string {
    return createHmac('sha256', this.key).update(UploadSigner.stringToSign(params)).digest('hex');
  }

  /**
   * Checks a signature over `params` (which must include `api_key` and `timestamp`).
   * The signature is checked before the age, so a forged request never learns about time.
   */
  verify(params: Record<string, string | undefined>, signature: string | undefined): SignatureCheck {
    const userId = params.api_key ? this.userIdOf(params.api_key) : null;
    const timestamp = params.timestamp;
    if (!userId || !signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'invalid' };
    if (!/^[0-9a-f]{64}$/i.test(signature)) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(params), 'hex');
    const given = Buffer.from(signature.toLowerCase(), 'hex');
    if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    const age = this.timestamp() - Number(timestamp);
    if (age > SIGNATURE_TTL_SECONDS || age < -SIGNATURE_FUTURE_SKEW_SECONDS) return { ok: false, reason: 'stale' };
    return { ok: true, userId };
  }
}
