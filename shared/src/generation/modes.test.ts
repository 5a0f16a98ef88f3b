import { describe, expect, it } from 'vitest';
import { COST_IMAGE, COST_VIDEO } from '../constants';
import { PRESET_TYPE_LABELS } from '../preset-types';
import {
  CLIENT_MODES,
  CLIENT_TO_SERVICE_MODE,
  DEFAULT_CUSTOM_PROMPT,
  DEFAULT_EDIT_PROMPT,
  DEFAULT_IDENTITY_SETTINGS,
  generationCost,
  identitySettings,
  isClientMode,
  isServiceMode,
  PRESET_ID_FIELD,
  presetTypeOf,
  SERVICE_MODE_PRESET_TYPE,
  SERVICE_MODES,
  SERVICE_TO_CLIENT_MODE,
  toServiceMode,
} from './modes';

describe('mode tables', () => {
  // Spec 1 §5, one row per client mode.
  it.each([
    ['custom', 'custom-prompt'],
    ['cyber-siren', 'cyber-siren'],
    ['edit', 'edit-photo'],
    ['ghiblireact', 'ghibli-reaction'],
    ['parallelself', 'parallel-self'],
    ['preset', 'presets'],
    ['storytime', 'story-time'],
    ['unrealreflection', 'unreal-reflection'],
  ] as const)('maps client mode %s to service mode %s', (client, service) => {
    expect(CLIENT_TO_SERVICE_MODE[client]).toBe(service);
  });

  it('has a service mode for every client mode and no other', () => {
    expect(Object.keys(CLIENT_TO_SERVICE_MODE)).toHaveLength(8);
    expect([...CLIENT_MODES].sort()).toEqual(Object.keys(CLIENT_TO_SERVICE_MODE).sort());
    expect([...SERVICE_MODES].sort()).toEqual([...new Set(Object.values(CLIENT_TO_SERVICE_MODE))].sort());
  });

  it('has an inverse table that round-trips', () => {
    for (const mode of CLIENT_MODES) expect(SERVICE_TO_CLIENT_MODE[CLIENT_TO_SERVICE_MODE[mode]]).toBe(mode);
  });

  it('normalises client and service names, and nothing else', () => {
    expect(toServiceMode('unrealreflection')).toBe('unreal-reflection');
    expect(toServiceMode('edit')).toBe('edit-photo');
    expect(toServiceMode('edit-photo')).toBe('edit-photo');
    expect(toServiceMode('cyber-siren')).toBe('cyber-siren');
    expect(toServiceMode('Custom')).toBeUndefined();
    expect(toServiceMode('toString')).toBeUndefined();
    expect(toServiceMode('')).toBeUndefined();
    expect(isClientMode('storytime')).toBe(true);
    expect(isClientMode('story-time')).toBe(false);
    expect(isServiceMode('story-time')).toBe(true);
    expect(isServiceMode(42)).toBe(false);
  });

  // One row per service mode: the preset type stored on its media and the request field of its preset id.
  it.each([
    ['cyber-siren', 'cyber_siren', 'cyberSirenPresetId'],
    ['custom-prompt', 'custom_prompt', null],
    ['edit-photo', 'edit', null],
    ['ghibli-reaction', 'ghibli_reaction', 'ghibliReactionPresetId'],
    ['parallel-self', 'parallel_self', 'parallelSelfPresetId'],
    ['presets', 'presets', 'presetKey'],
    ['story-time', 'story_time', 'storyTimePresetId'],
    ['unreal-reflection', 'unreal_reflection', 'unrealReflectionPresetId'],
  ] as const)('service mode %s stores preset type %s and reads its preset id from %s', (mode, presetType, idField) => {
    expect(SERVICE_MODE_PRESET_TYPE[mode]).toBe(presetType);
    expect(presetTypeOf(mode)).toBe(presetType);
    expect(Object.hasOwn(PRESET_TYPE_LABELS, presetType)).toBe(true);
    expect(PRESET_ID_FIELD[mode]).toBe(idField);
  });

  it('has a row above for every service mode', () => {
    expect(Object.keys(SERVICE_MODE_PRESET_TYPE)).toHaveLength(8);
    expect(Object.keys(PRESET_ID_FIELD)).toHaveLength(8);
  });

  it('has the default prompts', () => {
    expect(DEFAULT_CUSTOM_PROMPT).toBe('Transform this image');
    expect(DEFAULT_EDIT_PROMPT).toBe('Edit this photo');
  });
});

describe('identitySettings (spec 1 §9)', () => {
  it.each([
    ['custom-prompt', 0.65, 2],
    ['presets', 0.65, 2],
    ['unreal-reflection', 0.75, 3],
    ['parallel-self', 0.75, 3],
    ['ghibli-reaction', 0.6, 2],
    ['cyber-siren', 0.75, 3],
    ['edit-photo', 0.65, 2],
    ['story-time', 0.7, 3],
  ] as const)('%s: threshold %d, %d retries, blocking', (mode, threshold, retries) => {
    expect(identitySettings(mode)).toEqual({ threshold, retries, blocking: true });
  });

  it('lowers Unreal Reflection to 0.65 when video is enabled, and only it', () => {
    expect(identitySettings('unreal-reflection', { enableVideo: true })).toEqual({ threshold: 0.65, retries: 3, blocking: true });
    expect(identitySettings('parallel-self', { enableVideo: true }).threshold).toBe(0.75);
  });

  it('gives the default 0.7 / 3 to an unknown mode', () => {
    expect(identitySettings('mystery')).toEqual({ threshold: 0.7, retries: 3, blocking: true });
    expect(DEFAULT_IDENTITY_SETTINGS).toEqual({ threshold: 0.7, retries: 3, blocking: true });
  });

  it('returns a copy that cannot change the table', () => {
    const settings = identitySettings('cyber-siren');
    settings.threshold = 0;
    expect(identitySettings('cyber-siren').threshold).toBe(0.75);
  });
});

describe('generationCost', () => {
  it('charges 2 for an image and 5 for a video', () => {
    expect(COST_IMAGE).toBe(2);
    expect(COST_VIDEO).toBe(5);
    expect(generationCost({ serviceMode: 'custom-prompt' })).toBe(2);
    expect(generationCost({ serviceMode: 'unreal-reflection', enableVideo: false })).toBe(2);
    expect(generationCost({ serviceMode: 'unreal-reflection', enableVideo: true })).toBe(5);
  });

  it('charges Story Time 5 per photo (one video each)', () => {
    expect(generationCost({ serviceMode: 'story-time', sources: ['a', 'b', 'c'] })).toBe(15);
    expect(generationCost({ serviceMode: 'story-time', sources: ['a', 'b', 'c', 'd', 'e'] })).toBe(25);
  });
});
