import type { MediaSigner } from './media-signature';
import { assertValidKey, type Storage } from './storage';

/** A reference has a scheme when it is an address of a file we don't host; a key never does. */
const ADDRESS = /^[a-z][a-z0-9+.-]*:/i;

function isValidKey(ref: string): boolean {
  try {
    assertValidKey(ref);
    return true;
  } catch {
    return false;
  }
}

/** Exactly the two parameters of a signed address. */
function isSignatureQuery(params: URLSearchParams): boolean {
  return [...params.keys()].sort().join('&') === 'exp&sig';
}

/**
 * Stored media references and the addresses browsers load. The database keeps a *reference*: the
 * storage key of a file of ours (`users/<id>/media/<id>/full.jpg`), or the absolute address of one
 * we don't host (a story's hero pasted from the web). Addresses are made from keys only when an
 * answer is built, from the storage's configured public base, so a new port, domain, bucket or CDN
 * changes every address at once and nothing stored goes stale.
 */
export class MediaUrls {
  /** Where our files are served from, ending in '/'. */
  readonly base: string;

  constructor(
    storage: Pick<Storage, 'publicUrl'>,
    private readonly signer: Pick<MediaSigner, 'sign'>,
  ) {
    this.base = storage.publicUrl('probe').replace(/probe$/, '');
    this.publicUrl = (key) => storage.publicUrl(key);
  }

  private readonly publicUrl: (key: string) => string;

  /**
   * The short-lived signed address of a file that is not public (a private or held item's, a
   * source photo): only its owner is ever given one (issue 42). Anything but a key is as `url`.
   */
  privateUrl(ref: string): string;
  privateUrl(ref: string | null): string | null;
  privateUrl(ref: string | null): string | null {
    if (ref === null || ref === '' || ADDRESS.test(ref) || !isValidKey(ref)) return ref;
    const { exp, sig } = this.signer.sign(ref);
    return `${this.publicUrl(ref)}?exp=${exp}&sig=${sig}`;
  }

  /**
   * For a reference a person stored themselves (a draft's media): signed when it is a key in their
   * own folder, plain otherwise, so storing someone else's key never earns its signed address.
   */
  ownUrl(ref: string, userId: string): string;
  ownUrl(ref: string | null, userId: string): string | null;
  ownUrl(ref: string | null, userId: string): string | null {
    return ref !== null && ref.startsWith(`users/${userId}/`) ? this.privateUrl(ref) : this.url(ref);
  }

  /** `url` for a public item's files, `privateUrl` for anything else. */
  urlFor(ref: string | null, isPublic: boolean): string | null {
    return isPublic ? this.url(ref) : this.privateUrl(ref);
  }

  /**
   * The address of a stored reference. Text that is neither an address nor a key (a draft's media
   * is whatever its client sent) is answered as it was stored, never made into one of ours.
   */
  url(ref: string): string;
  url(ref: string | null): string | null;
  url(ref: string | null): string | null {
    if (ref === null || ref === '' || ADDRESS.test(ref) || !isValidKey(ref)) return ref;
    return this.publicUrl(ref);
  }

  /**
   * The key of an address under our public base (parsed, so `..` or another host never pass); else
   * undefined. A signed address we gave (its query only `exp` and `sig`) names its key too.
   */
  keyOf(address: string): string | undefined {
    if (!URL.canParse(address)) return undefined;
    const url = new URL(address);
    if (url.username || url.password || url.hash || (url.search && !isSignatureQuery(url.searchParams))) return undefined;
    url.search = '';
    if (!url.href.startsWith(this.base)) return undefined;
    let key: string;
    try {
      key = decodeURIComponent(url.href.slice(this.base.length));
      assertValidKey(key);
    } catch {
      return undefined;
    }
    return key;
  }

  /** What to store for an address a client sent: the key when it names a file of ours, else the address. */
  ref(address: string): string {
    return this.keyOf(address) ?? address;
  }

  /** Whether a stored reference is a key of ours (a file we can read back). */
  static isKey(ref: string): boolean {
    return !ADDRESS.test(ref) && isValidKey(ref);
  }
}
