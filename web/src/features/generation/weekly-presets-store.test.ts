import { describe, expect, it, vi } from 'vitest';
import { getWeeklyPresetsState, loadWeeklyPresets, setWeeklyPresets } from './weekly-presets-store';

describe('weekly presets store', () => {
  it('loads once, shares the request, and keeps the list', async () => {
    setWeeklyPresets(null);
    const fetch = vi.fn(async () => ({ presets: [{ id: 'a', key: 'a', label: 'A', prompt: 'p' }], currentWeek: 3 }));
    const [first, second] = await Promise.all([loadWeeklyPresets({ fetch }), loadWeeklyPresets({ fetch })]);
    expect(first).toEqual(second);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(getWeeklyPresetsState()).toEqual({ presets: [{ id: 'a', key: 'a', label: 'A', prompt: 'p' }], currentWeek: 3, status: 'ready' });
    await loadWeeklyPresets({ fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('marks an error and keeps the old list', async () => {
    setWeeklyPresets([{ id: 'a', key: 'a', label: 'A', prompt: 'p' }]);
    await expect(loadWeeklyPresets({ force: true, fetch: async () => Promise.reject(new Error('down')) })).rejects.toThrow('down');
    expect(getWeeklyPresetsState()).toMatchObject({ presets: [{ key: 'a' }], status: 'error' });
  });
});
