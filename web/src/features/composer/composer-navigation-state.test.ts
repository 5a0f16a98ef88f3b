import { describe, expect, it } from 'vitest';
import { PRESET_LOOKS } from '@app/shared';
import { readHomeNavigationState } from './composer-navigation-state';

describe('readHomeNavigationState', () => {
  it('reads a look handed over by the guide', () => {
    expect(readHomeNavigationState({ lookMode: 'unrealreflection', lookPresetId: 'unreal_reflection_syndicate' })).toEqual({
      kind: 'look',
      mode: 'unrealreflection',
      presetId: 'unreal_reflection_syndicate',
    });
  });

  it('remixes an item made with a catalogue look as that look, and any other item by its prompt', () => {
    const engine = 'cinematic story-time still, the same person, soft rim light, '.repeat(5);
    expect(readHomeNavigationState({ remixPrompt: engine, remixPresetType: 'story_time', remixPresetKey: 'story_time_cinematic' })).toEqual({
      kind: 'look',
      mode: 'storytime',
      presetId: 'story_time_cinematic',
    });
    expect(readHomeNavigationState({ remixPrompt: 'x', remixPresetType: 'ghibli_reaction', remixPresetKey: PRESET_LOOKS['ghibli-reaction'][0]!.id })).toMatchObject({ kind: 'look', mode: 'ghiblireact' });
    expect(readHomeNavigationState({ remixPrompt: 'neon rain', remixPresetType: 'custom_prompt', remixPresetKey: null })).toEqual({ kind: 'remix', prompt: 'neon rain' });
    expect(readHomeNavigationState({ remixPrompt: 'neon rain', remixPresetType: 'story_time', remixPresetKey: 'no_such_look' })).toEqual({ kind: 'remix', prompt: 'neon rain' });
  });

  it('ignores a look of a mode the guide does not show, or without a preset', () => {
    expect(readHomeNavigationState({ lookMode: 'edit', lookPresetId: 'x' })).toBeNull();
    expect(readHomeNavigationState({ lookMode: 'parallelself', lookPresetId: '' })).toBeNull();
  });
});
