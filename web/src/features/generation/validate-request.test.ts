import { describe, expect, it } from 'vitest';
import { validateGenerationRequest } from './validate-request';

const SOURCE = 'https://cdn.example.com/src.png';
const context = { weeklyPresets: null };

describe('validateGenerationRequest', () => {
  it('adds the identity settings of the mode (spec 1 §9)', () => {
    const cases: [string, Record<string, unknown>, number, number][] = [
      ['custom', { prompt: 'x' }, 0.65, 2],
      ['parallelself', { parallelSelfPresetId: 'parallel_self_black_aura' }, 0.75, 3],
      ['ghiblireact', { ghibliReactionPresetId: 'ghibli_reaction_tears' }, 0.6, 2],
      ['cyber-siren', { cyberSirenPresetId: 'neo_tokyo_visor' }, 0.75, 3],
      ['edit', {}, 0.65, 2],
      ['unrealreflection', { unrealReflectionPresetId: 'unreal_reflection_syndicate' }, 0.75, 3],
    ];
    for (const [mode, fields, threshold, retries] of cases) {
      const checked = validateGenerationRequest({ mode, sourceAssetId: SOURCE, ...fields }, context);
      expect(checked).toMatchObject({ ok: true, request: { ipaThreshold: threshold, ipaRetries: retries, ipaBlocking: true } });
    }
  });

  it("falls back to 'Edit this photo' in Studio", () => {
    expect(validateGenerationRequest({ mode: 'edit', sourceAssetId: SOURCE, prompt: '  ' }, context)).toMatchObject({
      ok: true,
      request: { editPrompt: 'Edit this photo' },
    });
    expect(validateGenerationRequest({ mode: 'edit', sourceAssetId: SOURCE, prompt: 'blue sky' }, context)).toMatchObject({
      ok: true,
      request: { editPrompt: 'blue sky', prompt: 'blue sky' },
    });
  });

  it('skips the weekly preset membership check until the presets are loaded', () => {
    expect(validateGenerationRequest({ mode: 'preset', presetKey: 'any', sourceAssetId: SOURCE }, context).ok).toBe(true);
    expect(
      validateGenerationRequest({ mode: 'preset', presetKey: 'any', sourceAssetId: SOURCE }, { weeklyPresets: [{ key: 'other' }] }),
    ).toMatchObject({ ok: false, reason: 'invalid-preset' });
  });

  it('Story Time counts distinct photos, the source included', () => {
    const base = { mode: 'storytime', sourceAssetId: SOURCE };
    expect(validateGenerationRequest({ ...base, additionalImages: [SOURCE, 'https://a/2.png'] }, context)).toMatchObject({
      ok: false,
      reason: 'not-enough-photos',
    });
    expect(validateGenerationRequest({ ...base, additionalImages: ['https://a/2.png', 'https://a/3.png'] }, context).ok).toBe(true);
  });
});
