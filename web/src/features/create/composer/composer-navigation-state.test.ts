import { describe, expect, it } from 'vitest';
import { readHomeNavigationState } from './composer-navigation-state';

describe('readHomeNavigationState', () => {
  it('reads a look handed over by the guide', () => {
    expect(readHomeNavigationState({ lookMode: 'unrealreflection', lookPresetId: 'unreal_reflection_syndicate' })).toEqual({
      kind: 'look',
      mode: 'unrealreflection',
      presetId: 'unreal_reflection_syndicate',
    });
  });

  it('ignores a look of a mode the guide does not show, or without a preset', () => {
    expect(readHomeNavigationState({ lookMode: 'edit', lookPresetId: 'x' })).toBeNull();
    expect(readHomeNavigationState({ lookMode: 'parallelself', lookPresetId: '' })).toBeNull();
  });
});
