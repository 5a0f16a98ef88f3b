import { describe, expect, it } from 'vitest';
import { mobileRedirectFor, wideScreenToolAt } from './mobile-route-guard';

describe('mobile route guards (spec 3 §2)', () => {
  it('sends /profile to /gallery and the other guarded routes to /', () => {
    expect(mobileRedirectFor('/profile')).toBe('/gallery');
    expect(mobileRedirectFor('/profile', '?tab=draft')).toBe('/gallery');
    // API keys have no other home on a phone.
    expect(mobileRedirectFor('/profile', '?tab=developers')).toBeNull();
    expect(mobileRedirectFor('/profile', '?tab=collections')).toBeNull();
    expect(mobileRedirectFor('/profile', '?tab=liked')).toBe('/gallery?view=liked');
    for (const path of ['/privacy', '/terms', '/cookies', '/dashboard/management/control', '/StoryCreation']) {
      expect(mobileRedirectFor(path)).toBe('/');
    }
  });

  it('names the desk tools a phone is told about instead of being sent away', () => {
    expect(wideScreenToolAt('/dashboard/management/control')).toBe('The admin dashboard');
    expect(wideScreenToolAt('/StoryCreation')).toBe('Story creation');
    for (const path of ['/', '/profile', '/terms', '/gallery']) expect(wideScreenToolAt(path)).toBeNull();
  });

  it('leaves /, /auth, /gallery and the unguarded routes alone', () => {
    for (const path of ['/', '/auth', '/gallery', '/story', '/story/a-tale', '/bestpractices', '/tag/neon']) {
      expect(mobileRedirectFor(path)).toBeNull();
    }
  });
});
