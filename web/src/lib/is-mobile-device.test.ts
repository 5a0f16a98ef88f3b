import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './is-mobile-device';

const DESKTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';

describe('mobile detection (spec 1 §9)', () => {
  it('is mobile at 768 px or less', () => {
    expect(isMobileDevice({ innerWidth: 768, navigator: { userAgent: DESKTOP_UA, maxTouchPoints: 0 } })).toBe(true);
    expect(isMobileDevice({ innerWidth: 769, navigator: { userAgent: DESKTOP_UA, maxTouchPoints: 0 } })).toBe(false);
  });

  it('is mobile with touch or a mobile user agent', () => {
    expect(isMobileDevice({ innerWidth: 1280, navigator: { userAgent: DESKTOP_UA, maxTouchPoints: 5 } })).toBe(true);
    expect(isMobileDevice({ innerWidth: 1280, ontouchstart: null, navigator: { userAgent: DESKTOP_UA } })).toBe(true);
    expect(isMobileDevice({ innerWidth: 1280, navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } })).toBe(true);
  });

  it('is not mobile without a window', () => {
    expect(isMobileDevice(undefined)).toBe(false);
  });
});
