import { describe, expect, it } from 'vitest';
import { buildRequest, type ComposerDraft, isEnhanceDisabled, isGenerateDisabled, modeButtonLabel, presetOptions } from './composer-modes';
import { restoreStoredPreset, STORED_PRESET_KEY, writeStoredPreset } from './stored-preset';

const draft: ComposerDraft = {
  mode: 'custom',
  prompt: '  neon rain  ',
  hasFile: true,
  sourceUrl: 'https://media.example/a.png',
  sourceWidth: 800,
  sourceHeight: 1000,
  presets: {},
  additionalImages: [],
  enableVideo: false,
};

describe('the composer rules', () => {
  it('lists the catalogues and names a mode button after its selected preset', () => {
    expect(presetOptions('unrealreflection', null)).toHaveLength(6);
    expect(presetOptions('parallelself', null)).toHaveLength(6);
    expect(presetOptions('ghiblireact', null)).toHaveLength(4);
    expect(presetOptions('cyber-siren', null)).toHaveLength(5);
    expect(presetOptions('storytime', null)).toHaveLength(3);
    const first = presetOptions('unrealreflection', null)[0]!;
    expect(modeButtonLabel('unrealreflection', first.id, null)).toBe(first.label);
    expect(modeButtonLabel('unrealreflection', null, null)).toBe('Unreal Reflection');
    expect(modeButtonLabel('preset', 'weekly-1', [{ id: 'weekly-1', key: 'weekly-1', label: 'Golden Hour', prompt: 'p' }])).toBe('Golden Hour');
  });

  it('builds the request of each mode', () => {
    expect(buildRequest(draft)).toEqual({
      mode: 'custom',
      prompt: 'neon rain',
      sourceAssetId: 'https://media.example/a.png',
      sourceWidth: 800,
      sourceHeight: 1000,
    });
    expect(buildRequest({ ...draft, mode: 'edit' })).toMatchObject({ mode: 'edit', editPrompt: 'neon rain' });
    expect(buildRequest({ ...draft, mode: 'unrealreflection', enableVideo: true }, 'unreal_reflection_x')).toMatchObject({
      unrealReflectionPresetId: 'unreal_reflection_x',
      enableVideo: true,
    });
    expect(buildRequest({ ...draft, mode: 'storytime', presets: { storytime: 's1' }, additionalImages: ['https://b', 'https://c'] })).toMatchObject({
      storyTimePresetId: 's1',
      additionalImages: ['https://b', 'https://c'],
    });
    expect(buildRequest({ ...draft, mode: 'preset', presets: { preset: 'k' } })).toMatchObject({ presetKey: 'k' });
  });

  it('disables Generate as spec 1 §5 says', () => {
    expect(isGenerateDisabled({ ...draft, mode: 'edit', hasFile: false }, false)).toBe(true);
    expect(isGenerateDisabled({ ...draft, mode: 'edit', prompt: ' ' }, false)).toBe(true);
    expect(isGenerateDisabled({ ...draft, mode: 'edit' }, false)).toBe(false);
    expect(isGenerateDisabled({ ...draft, prompt: '' }, false)).toBe(true);
    expect(isGenerateDisabled({ ...draft, mode: 'cyber-siren' }, false)).toBe(true);
    expect(isGenerateDisabled({ ...draft, mode: 'cyber-siren', presets: { 'cyber-siren': 'silver_proxy' } }, false)).toBe(false);
    expect(isGenerateDisabled(draft, true)).toBe(true);
    expect(isEnhanceDisabled('x', false, false)).toBe(false);
    expect(isEnhanceDisabled('  ', false, false)).toBe(true);
    expect(isEnhanceDisabled('x', true, false)).toBe(true);
    expect(isEnhanceDisabled('x', false, true)).toBe(true);
  });
});

describe('the stored preset', () => {
  function memory(initial: Record<string, string> = {}) {
    const map = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
      map,
    };
  }

  it('comes back only when it matches a loaded preset key, and is removed otherwise', () => {
    const id = presetOptions('parallelself', null)[0]!.id;
    const store = memory();
    writeStoredPreset({ mode: 'parallelself', id }, store);
    expect(restoreStoredPreset(null, store)).toEqual({ mode: 'parallelself', id });

    writeStoredPreset({ mode: 'parallelself', id: 'gone' }, store);
    expect(restoreStoredPreset(null, store)).toBeNull();
    expect(store.map.has(STORED_PRESET_KEY)).toBe(false);
  });

  it('waits for the weekly presets before deciding on one of them', () => {
    const store = memory({ [STORED_PRESET_KEY]: JSON.stringify({ mode: 'preset', id: 'w1' }) });
    expect(restoreStoredPreset(null, store)).toBeNull();
    expect(store.map.has(STORED_PRESET_KEY)).toBe(true);
    expect(restoreStoredPreset([{ id: 'w1', key: 'w1', label: 'W', prompt: 'p' }], store)).toEqual({ mode: 'preset', id: 'w1' });
    expect(restoreStoredPreset([{ id: 'w2', key: 'w2', label: 'W', prompt: 'p' }], store)).toBeNull();
    expect(store.map.has(STORED_PRESET_KEY)).toBe(false);
  });
});
