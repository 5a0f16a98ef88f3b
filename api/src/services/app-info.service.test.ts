import { describe, expect, it } from 'vitest';
import { AppInfoService } from './app-info.service';

describe('AppInfoService', () => {
  it('tells every visitor whether the app is open, as the setting says, whom to write to, and where its media live', async () => {
    for (const is_launched of [true, false]) {
      const service = new AppInfoService({ settings: { getLaunchStatus: async () => ({ is_launched }) } }, 'hello@mirrorverse.test', 'https://media.example/bucket/');
      await expect(service.launchStatus()).resolves.toEqual({ success: true, launch: { is_launched } });
      expect(service.info()).toEqual({ success: true, contactEmail: 'hello@mirrorverse.test', mediaBaseUrl: 'https://media.example/bucket/' });
    }
  });
});
