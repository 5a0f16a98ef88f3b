import { describe, expect, it } from 'vitest';
import { destinationAfterStart } from './device';

describe('the hand-off after a start', () => {
  it('leads to /gallery on mobile, /profile on desktop', () => {
    expect(destinationAfterStart(true)).toBe('/gallery');
    expect(destinationAfterStart(false)).toBe('/profile');
  });
});
