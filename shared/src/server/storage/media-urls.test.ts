import { describe, expect, it } from 'vitest';
import { MediaUrls } from './media-urls';

const urls = new MediaUrls({ publicUrl: (key) => `http://localhost:3000/media/${key}` });

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
});
