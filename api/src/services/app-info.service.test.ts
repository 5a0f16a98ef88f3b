import { SERVICE_MODES, type ProviderName, type ServiceMode } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AppInfoService } from './app-info.service';

const LOCAL_EVERYWHERE = Object.fromEntries(SERVICE_MODES.map((mode) => [mode, 'local'])) as Record<ServiceMode, ProviderName>;

describe('AppInfoService', () => {
  it('tells every visitor whether the app is open and whether sign-up is, as the settings say, whom to write to, and where its media live', async () => {
    for (const [is_launched, signUpOpen] of [[true, true], [false, false]] as const) {
      const service = new AppInfoService({ settings: { getLaunchStatus: async () => ({ is_launched }) } }, 'hello@mirrorverse.test', 'https://media.example/bucket/', LOCAL_EVERYWHERE, { signUpOpen: async () => signUpOpen });
      await expect(service.launchStatus()).resolves.toEqual({ success: true, launch: { is_launched }, signUpOpen });
      expect(service.info()).toEqual({ success: true, contactEmail: 'hello@mirrorverse.test', mediaBaseUrl: 'https://media.example/bucket/', engines: LOCAL_EVERYWHERE, prices: { image: 2, video: 5, storyPerPhoto: 5, storyMinPhotos: 3 } });
    }
  });

  it('names the engine the config routes each service mode to', () => {
    const routes: Record<ServiceMode, ProviderName> = { ...LOCAL_EVERYWHERE, 'custom-prompt': 'fal', 'ghibli-reaction': 'bfl', 'edit-photo': 'instant' };
    const service = new AppInfoService({ settings: { getLaunchStatus: async () => ({ is_launched: true }) } }, 'hello@mirrorverse.test', '', routes, { signUpOpen: async () => true });
    const { engines } = service.info();
    expect(engines['custom-prompt']).toBe('fal');
    expect(engines['ghibli-reaction']).toBe('bfl');
    expect(engines['edit-photo']).toBe('instant');
    expect(engines['story-time']).toBe('local');
    expect(Object.keys(engines).sort()).toEqual([...SERVICE_MODES].sort());
  });
});
