import { describe, expect, it } from 'vitest';
import { isoWeek } from './iso-week';

describe('isoWeek', () => {
  it.each([
    ['2026-01-01', 2026, 1],
    ['2027-01-01', 2026, 53],
    ['2024-12-30', 2025, 1],
    ['2026-11-22', 2026, 47],
    ['2026-11-23', 2026, 48],
  ])('%s is week %i-%i', (iso, year, week) => {
    expect(isoWeek(new Date(`${iso}T12:00:00Z`))).toEqual({ year, week });
  });
});
