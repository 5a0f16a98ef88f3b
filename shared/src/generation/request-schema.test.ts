import { describe, expect, it } from 'vitest';
import { findPreset } from './catalogues';
import { randomizeColorcorePrompt } from './catalogues/parallel-self';
import { generationRequestSchema, isValidRunId, MAX_SOURCE_IMAGES, parseGenerationRequest } from './request-schema';
import type { ParsedGenerationRequest } from './request-schema';
import { seededRandom } from './seeded-random';
import { UNSAFE_TEXT } from '../schemas/input';

const SRC = 'https://media.example.com/sources/a.jpg';

function ok(input: unknown): ParsedGenerationRequest {
  const result = parseGenerationRequest(input);
  if (!result.success) throw new Error(`expected success, got ${result.error}`);
  return result.data;
}

function error(input: unknown): string {
  const result = parseGenerationRequest(input);
  if (result.success) throw new Error('expected failure');
  return result.error;
}

describe('mode', () => {
  it('accepts client and service names and normalises to the service mode', () => {
    expect(ok({ mode: 'custom', prompt: 'a cat' }).serviceMode).toBe('custom-prompt');
    expect(ok({ mode: 'custom-prompt', prompt: 'a cat' }).serviceMode).toBe('custom-prompt');
    const unreal = ok({ mode: 'unrealreflection', sourceAssetId: SRC, unrealReflectionPresetId: 'unreal_reflection_syndicate' });
    expect(unreal.serviceMode).toBe('unreal-reflection');
    expect(unreal.clientMode).toBe('unrealreflection');
    expect(unreal.presetType).toBe('unreal_reflection');
  });

  it.each([undefined, '', 'bogus', 'Custom', 'toString', 42])('rejects %o with "Unknown generation mode"', (mode) => {
    expect(error({ mode, prompt: 'a cat' })).toBe('Unknown generation mode');
  });

  it('reports the unknown mode first even when other fields are wrong', () => {
    expect(error({ mode: 'bogus', prompt: 'x'.repeat(5000) })).toBe('Unknown generation mode');
    expect(error(null)).toBeTruthy();
  });
});

describe('field rules', () => {
  it('limits the prompt to 4000 characters', () => {
    expect(ok({ mode: 'custom', prompt: 'x'.repeat(4000) }).prompt).toHaveLength(4000);
    expect(error({ mode: 'custom', prompt: 'x'.repeat(4001) })).toBe('Prompt is too long (at most 4000 characters)');
  });

  it.each(['abcd1234', 'run_2024-01-01_x', 'A'.repeat(100), 'a1b2c3d4e5'])('accepts runId %s', (runId) => {
    expect(ok({ mode: 'custom', prompt: 'a cat', runId }).runId).toBe(runId);
    expect(isValidRunId(runId)).toBe(true);
  });

  it.each(['short', 'has:colon1', '12345678', '1234567890123', 'has space 123', 'A'.repeat(101), 'émoji-run-1'])('rejects runId %s', (runId) => {
    expect(error({ mode: 'custom', prompt: 'a cat', runId })).toBe('Invalid runId');
  });

  it('refuses control characters and broken Unicode in text fields, keeping line breaks in prompts', () => {
    expect(error({ mode: 'custom', prompt: 'a cat\u0000' })).toBe(UNSAFE_TEXT);
    expect(error({ mode: 'edit', sourceAssetId: `${SRC}\u0000` })).toBe(UNSAFE_TEXT);
    expect(error({ mode: 'edit', sourceAssetId: SRC, editPrompt: '\ud800' })).toBe(UNSAFE_TEXT);
    expect(error({ mode: 'edit', sourceAssetId: SRC, additionalImages: ['a\u0000'] })).toBe(UNSAFE_TEXT);
    expect(error({ mode: 'custom', prompt: 'a cat', meta: { note: '\u0000' } })).toBe(UNSAFE_TEXT);
    expect(ok({ mode: 'custom', prompt: 'a cat\non two lines' }).prompt).toBe('a cat\non two lines');
  });

  it('treats null and empty strings as absent', () => {
    const parsed = ok({ mode: 'custom', prompt: 'a cat', presetKey: null, runId: null, sourceAssetId: '', enableVideo: null, additionalImages: null });
    expect(parsed.sources).toEqual([]);
    expect(parsed.runId).toBeUndefined();
    expect(parsed.enableVideo).toBe(false);
  });

  it('drops unknown keys', () => {
    expect(ok({ mode: 'custom', prompt: 'a cat', isAdmin: true })).not.toHaveProperty('isAdmin');
  });
});

describe('custom prompt', () => {
  it('needs a non-empty prompt', () => {
    expect(error({ mode: 'custom' })).toBe('Enter a prompt');
    expect(error({ mode: 'custom', prompt: '   ' })).toBe('Enter a prompt');
  });

  it('does not need a source', () => {
    const parsed = ok({ mode: 'custom', prompt: '  a cat  ' });
    expect(parsed.prompt).toBe('a cat');
    expect(parsed.sources).toEqual([]);
    expect(parsed.cost).toBe(2);
    expect(parsed.identity).toEqual({ threshold: 0.65, retries: 2, blocking: true });
  });
});

describe('source image', () => {
  it.each([
    ['preset', { presetKey: 'week-1' }],
    ['unrealreflection', { unrealReflectionPresetId: 'unreal_reflection_syndicate' }],
    ['ghiblireact', { ghibliReactionPresetId: 'ghibli_reaction_tears' }],
    ['cyber-siren', { cyberSirenPresetId: 'neo_tokyo_base' }],
    ['parallelself', { parallelSelfPresetId: 'parallel_self_mechanic' }],
    ['storytime', { additionalImages: ['b', 'c', 'd'] }],
    ['edit', { editPrompt: 'add a hat' }],
  ])('%s needs a source image', (mode, rest) => {
    expect(error({ mode, ...rest })).toBe('A source image is required');
  });
});

describe('presets', () => {
  it('needs a preset in every preset-based mode, from that mode', () => {
    expect(error({ mode: 'unrealreflection', sourceAssetId: SRC })).toBe('Unknown preset');
    expect(error({ mode: 'unrealreflection', sourceAssetId: SRC, unrealReflectionPresetId: 'nope' })).toBe('Unknown preset');
    expect(error({ mode: 'ghiblireact', sourceAssetId: SRC, ghibliReactionPresetId: 'unreal_reflection_syndicate' })).toBe('Unknown preset');
    expect(error({ mode: 'parallelself', sourceAssetId: SRC, parallelSelfPresetId: 'toString' })).toBe('Unknown preset');
    expect(error({ mode: 'cyber-siren', sourceAssetId: SRC, cyberSirenPresetId: 'neo_tokyo_glitter' })).toBe('Unknown preset');
  });

  it('resolves the preset, its prompt, negative prompt and aspect ratio', () => {
    const parsed = ok({ mode: 'ghiblireact', sourceAssetId: SRC, ghibliReactionPresetId: 'ghibli_reaction_love' });
    const preset = findPreset('ghibli-reaction', 'ghibli_reaction_love');
    expect(parsed.presetId).toBe('ghibli_reaction_love');
    expect(parsed.presetLabel).toBe('Love');
    expect(parsed.preset).toEqual(preset);
    expect(parsed.prompt).toBe(preset?.prompt);
    expect(parsed.negativePrompt).toBe(preset?.negative_prompt);
    expect(parsed.aspectRatio).toBe('3:4');
    expect(parsed.identity).toEqual({ threshold: 0.6, retries: 2, blocking: true });
  });

  it('accepts cyber siren variants', () => {
    const parsed = ok({ mode: 'cyber-siren', sourceAssetId: SRC, cyberSirenPresetId: 'neo_tokyo_scanlines' });
    expect(parsed.presetLabel).toBe('Cyber Siren · Scanlines');
    expect(parsed.identity.threshold).toBe(0.75);
  });

  it("understands a preset id sent in presetKey for a catalogue mode", () => {
    expect(ok({ mode: 'parallelself', sourceAssetId: SRC, presetKey: 'parallel_self_mechanic' }).presetId).toBe('parallel_self_mechanic');
  });

  it('needs a non-empty presetKey in presets mode, without checking it', () => {
    expect(error({ mode: 'preset', sourceAssetId: SRC })).toBe('No preset selected');
    const parsed = ok({ mode: 'preset', sourceAssetId: SRC, presetKey: 'weekly_anything' });
    expect(parsed.presetKey).toBe('weekly_anything');
    expect(parsed.presetId).toBeUndefined();
    expect(parsed.presetType).toBe('presets');
    expect(parsed.identity).toEqual({ threshold: 0.65, retries: 2, blocking: true });
  });

  it('draws Colorcore from the runId seed, repeatably', () => {
    const input = { mode: 'parallelself', sourceAssetId: SRC, parallelSelfPresetId: 'parallel_self_colorcore', runId: 'run_abcdef12' };
    const first = ok(input).prompt;
    expect(ok(input).prompt).toBe(first);
    const preset = findPreset('parallel-self', 'parallel_self_colorcore');
    if (!preset) throw new Error('missing');
    expect(first).toBe(randomizeColorcorePrompt(preset, seededRandom('run_abcdef12')));
    expect(first).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it('uses Colorcore default prompt without a runId, or the given random', () => {
    const input = { mode: 'parallelself', sourceAssetId: SRC, parallelSelfPresetId: 'parallel_self_colorcore' };
    expect(ok(input).prompt).toBe(findPreset('parallel-self', 'parallel_self_colorcore')?.prompt);
    const drawn = parseGenerationRequest(input, { random: () => 0.99 });
    expect(drawn.success && drawn.data.prompt).toContain('hot pink');
  });
});

describe('story time', () => {
  it('needs at least 3 distinct photos', () => {
    expect(error({ mode: 'storytime', sourceAssetId: SRC, additionalImages: ['b'] })).toBe('Add at least 3 photos for Story Time');
    expect(error({ mode: 'storytime', sourceAssetId: SRC, additionalImages: [SRC, SRC] })).toBe('Add at least 3 photos for Story Time');
  });

  it('makes one video per photo, the source first', () => {
    const parsed = ok({ mode: 'storytime', sourceAssetId: SRC, additionalImages: ['b', 'c', 'd'] });
    expect(parsed.sources).toEqual([SRC, 'b', 'c', 'd']);
    expect(parsed.enableVideo).toBe(true);
    expect(parsed.cost).toBe(20);
    expect(parsed.presetId).toBe('story_time_cinematic');
    expect(parsed.aspectRatio).toBe('4:5');
    expect(parsed.identity).toEqual({ threshold: 0.7, retries: 3, blocking: true });
  });

  it('takes a named motion style and refuses an unknown one', () => {
    expect(ok({ mode: 'story-time', sourceAssetId: SRC, additionalImages: ['b', 'c'], storyTimePresetId: 'story_time_retro' }).presetLabel).toBe('Retro Film');
    expect(error({ mode: 'story-time', sourceAssetId: SRC, additionalImages: ['b', 'c'], storyTimePresetId: 'nope' })).toBe('Unknown preset');
  });

  it(`caps the photos at ${MAX_SOURCE_IMAGES}`, () => {
    const extra = Array.from({ length: MAX_SOURCE_IMAGES }, (_, i) => `img-${i}`);
    expect(error({ mode: 'storytime', sourceAssetId: SRC, additionalImages: extra })).toBe('Too many photos');
  });
});

describe('edit (Studio)', () => {
  it("falls back to 'Edit this photo'", () => {
    expect(ok({ mode: 'edit', sourceAssetId: SRC }).prompt).toBe('Edit this photo');
    expect(ok({ mode: 'edit', sourceAssetId: SRC, editPrompt: '   ' }).prompt).toBe('Edit this photo');
  });

  it('prefers the edit prompt, then the prompt', () => {
    expect(ok({ mode: 'edit', sourceAssetId: SRC, prompt: 'b', editPrompt: 'add a hat' }).prompt).toBe('add a hat');
    expect(ok({ mode: 'edit', sourceAssetId: SRC, prompt: 'remove the lamp' }).prompt).toBe('remove the lamp');
  });

  it('carries the edit images after the source', () => {
    const parsed = ok({ mode: 'edit', sourceAssetId: SRC, editImages: ['ref-1', SRC, 'ref-2'] });
    expect(parsed.sources).toEqual([SRC, 'ref-1', 'ref-2']);
    expect(parsed.presetType).toBe('edit');
    expect(parsed.identity).toEqual({ threshold: 0.65, retries: 2, blocking: true });
  });

  it('takes the aspect ratio nearest to the source size', () => {
    expect(ok({ mode: 'edit', sourceAssetId: SRC, sourceWidth: 1920, sourceHeight: 1080 }).aspectRatio).toBe('16:9');
    expect(ok({ mode: 'edit', sourceAssetId: SRC }).aspectRatio).toBe('1:1');
  });
});

describe('identity overrides', () => {
  const unreal = { mode: 'unrealreflection', sourceAssetId: SRC, unrealReflectionPresetId: 'unreal_reflection_syndicate' };

  it('uses the mode default when the client sends nothing', () => {
    expect(ok(unreal).identity).toEqual({ threshold: 0.75, retries: 3, blocking: true });
    expect(ok({ ...unreal, enableVideo: true }).identity).toEqual({ threshold: 0.65, retries: 3, blocking: true });
  });

  it('lets the client make the check stricter: a higher threshold, fewer retries', () => {
    expect(ok({ ...unreal, ipaThreshold: 0.8, ipaRetries: 1 }).identity).toEqual({ threshold: 0.8, retries: 1, blocking: true });
    expect(ok({ ...unreal, ipaRetries: 0 }).identity.retries).toBe(0);
  });

  it('never lets the client make it weaker, skip it or ask for more tries than the mode gives', () => {
    expect(ok({ ...unreal, ipaThreshold: 0, ipaBlocking: false }).identity).toEqual({ threshold: 0.75, retries: 3, blocking: true });
    expect(ok({ mode: 'ghiblireact', sourceAssetId: SRC, ghibliReactionPresetId: 'ghibli_reaction_tears', ipaThreshold: 0.1 }).identity.threshold).toBe(0.6);
    expect(ok({ ...unreal, ipaRetries: 4 }).identity.retries).toBe(3);
    expect(ok({ ...unreal, ipaRetries: 100 }).identity.retries).toBe(3);
  });

  it('rejects out-of-range values', () => {
    expect(parseGenerationRequest({ ...unreal, ipaThreshold: 1.5 }).success).toBe(false);
    expect(parseGenerationRequest({ ...unreal, ipaRetries: -1 }).success).toBe(false);
    expect(parseGenerationRequest({ ...unreal, ipaRetries: 1.5 }).success).toBe(false);
  });
});

describe('cost and video', () => {
  it('charges 2 for an image, 5 when the result is a video', () => {
    const unreal = { mode: 'unrealreflection', sourceAssetId: SRC, unrealReflectionPresetId: 'unreal_reflection_syndicate' };
    expect(ok(unreal).cost).toBe(2);
    expect(ok({ ...unreal, enableVideo: true }).cost).toBe(5);
    expect(ok({ ...unreal, forVideo: true }).forVideo).toBe(true);
  });
});

describe('generationRequestSchema', () => {
  it('outputs the normalised request and reports issues with paths', () => {
    const parsed = generationRequestSchema.parse({ mode: 'custom', prompt: 'a cat', userId: 'u1', meta: { from: 'test' } });
    expect(parsed.serviceMode).toBe('custom-prompt');
    expect(parsed.userId).toBe('u1');
    expect(parsed.meta).toEqual({ from: 'test' });
    const bad = generationRequestSchema.safeParse({ mode: 'storytime', sourceAssetId: SRC, storyTimePresetId: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['storyTimePresetId', 'Unknown preset'],
      ['additionalImages', 'Add at least 3 photos for Story Time'],
    ]);
  });
});
