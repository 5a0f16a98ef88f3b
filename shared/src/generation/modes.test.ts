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
  it('maps every client mode to its service mode (spec 1 §5)', () => {
    expect(CLIENT_TO_SERVICE_MODE).toEqual({
      preset: 'presets',
      custom: 'custom-prompt',
      unrealreflection: 'unreal-reflection',
      ghiblireact: 'ghibli-reaction',
      'cyber-siren': 'cyber-siren',
      parallelself: 'parallel-self',
      storytime: 'story-time',
      edit: 'edit-photo',
    });
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

  it('maps service modes to preset types that have labels', () => {
    expect(SERVICE_MODE_PRESET_TYPE).toEqual({
      presets: 'presets',
      'custom-prompt': 'custom_prompt',
      'unreal-reflection': 'unreal_reflection',
      'parallel-self': 'parallel_self',
      'ghibli-reaction': 'ghibli_reaction',
      'cyber-siren': 'cyber_siren',
      'story-time': 'story_time',
      'edit-photo': 'edit',
    });
    for (const type of Object.values(SERVICE_MODE_PRESET_TYPE)) expect(Object.hasOwn(PRESET_TYPE_LABELS, type)).toBe(true);
    expect(presetTypeOf('edit-photo')).toBe('edit');
  });

  it('names the request field carrying the preset id', () => {
    expect(PRESET_ID_FIELD).toEqual({
      presets: 'presetKey',
      'custom-prompt': null,
      'unreal-reflection': 'unrealReflectionPresetId',
      'parallel-self': 'parallelSelfPresetId',
      'ghibli-reaction': 'ghibliReactionPresetId',
      'cyber-siren': 'cyberSirenPresetId',
      'story-time': 'storyTimePresetId',
      'edit-photo': null,
    });
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
