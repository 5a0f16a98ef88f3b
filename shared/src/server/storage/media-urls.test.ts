import { describe, expect, it } from 'vitest';
import { MediaSigner } from './media-signature';
import { MediaUrls } from './media-urls';

const signer = new MediaSigner('test-signing-secret');
const urls = new MediaUrls({ publicUrl: (key) => `http://localhost:3000/media/${key}` }, signer);

describe('MediaUrls', () => {
  it('makes addresses of keys and leaves addresses of files not ours', () => {
    expect(urls.base).toBe('http://localhost:3000/media/');
    expect(urls.url('users/u/media/m/full.jpg')).toBe('http://localhost:3000/media/users/u/media/m/full.jpg');
    expect(urls.url('https://images.example.org/a.jpg')).toBe('https://images.example.org/a.jpg');
    expect(urls.url(null)).toBeNull();
    // Stored text that is no key (a draft's media as its client sent it) is never made one of ours.
    expect(urls.url('../../../etc/passwd')).toBe('../../../etc/passwd');
  });

  it('finds the key of an address under our base only', () => {
    expect(urls.keyOf('http://localhost:3000/media/users/u/uploads/p.jpg')).toBe('users/u/uploads/p.jpg');
    for (const address of [
      'http://localhost:3000/media/../secrets/db',
      'http://localhost:3000/media/%2e%2e/x.jpg',
      'http://localhost:3000/mediax/users/u/p.jpg',
      'http://localhost:3001/media/users/u/p.jpg',
      'http://evil@localhost:3000/media/users/u/p.jpg',
      'http://localhost:3000/media/users/u/p.jpg?x=1',
      'http://localhost:3000/media/',
      'users/u/uploads/p.jpg',
      'not a url',
    ]) {
      expect(urls.keyOf(address), address).toBeUndefined();
    }
    expect(urls.ref('https://images.example.org/a.jpg')).toBe('https://images.example.org/a.jpg');
    expect(urls.ref('http://localhost:3000/media/users/u/uploads/p.jpg')).toBe('users/u/uploads/p.jpg');
  });

  it('signs the address of a file that is not public, and reads its key back', () => {
    const address = urls.privateUrl('users/u/uploads/p.jpg');
    const url = new URL(address);
    expect(url.pathname).toBe('/media/users/u/uploads/p.jpg');
    const left = signer.remainingSeconds('users/u/uploads/p.jpg', url.searchParams.get('exp'), url.searchParams.get('sig'));
    expect(left).toBeGreaterThan(1800);
    expect(left).toBeLessThanOrEqual(3600);
    expect(urls.keyOf(address)).toBe('users/u/uploads/p.jpg');
    expect(urls.keyOf(`${address}&x=1`)).toBeUndefined();
    expect(urls.privateUrl('https://images.example.org/a.jpg')).toBe('https://images.example.org/a.jpg');
    expect(urls.privateUrl(null)).toBeNull();
  });
});

describe('MediaSigner', () => {
  const now = new Date('2025-06-01T10:00:00Z');
  const key = 'users/u/media/m/full.jpg';

  it('refuses another key, a changed signature, an expired one and one reaching past an hour', () => {
    const { exp, sig } = signer.sign(key, now);
    expect(signer.remainingSeconds(key, String(exp), sig, now)).toBe(exp - now.getTime() / 1000);
    expect(signer.remainingSeconds('users/u/media/m/thumb.webp', String(exp), sig, now)).toBeNull();
    expect(signer.remainingSeconds(key, String(exp), `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, now)).toBeNull();
    expect(signer.remainingSeconds(key, String(exp + 1), sig, now)).toBeNull();
    expect(signer.remainingSeconds(key, String(exp), sig, new Date(exp * 1000))).toBeNull();
    const far = { exp: exp + 3600, sig: new MediaSigner('test-signing-secret').sign(key, new Date(now.getTime() + 3_600_000)).sig };
    expect(signer.remainingSeconds(key, String(far.exp), far.sig, now)).toBeNull();
    expect(new MediaSigner('another-secret').remainingSeconds(key, String(exp), sig, now)).toBeNull();
  });
});
