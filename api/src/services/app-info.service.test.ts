import { describe, expect, it } from 'vitest';
import { AppInfoService } from './app-info.service';

describe('AppInfoService', () => {
  it('tells every visitor whether the app is open, as the setting says, and whom to write to', async () => {
    for (const is_launched of [true, false]) {
      const service = new AppInfoService({ settings: { getLaunchStatus: async () => ({ is_launched }) } }, 'hello@mirrorverse.test');
      await expect(service.launchStatus()).resolves.toEqual({ success: true, launch: { is_launched } });
      expect(service.info()).toEqual({ success: true, contactEmail: 'hello@mirrorverse.test' });
    }
  });
});
