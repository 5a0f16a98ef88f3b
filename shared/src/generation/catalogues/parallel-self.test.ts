import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import {
  COLORCORE_BASE_PROMPT,
  COLORCORE_COLORS,
  COLORCORE_FEMALE_STYLINGS,
  COLORCORE_MALE_STYLINGS,
  COLORCORE_POSES,
  PARALLEL_SELF_PRESETS,
  randomizeColorcorePrompt,
} from './parallel-self';
import { COLORCORE_PLACEHOLDERS } from './preset-validation';

const byId = (id: string) => {
  const preset = PARALLEL_SELF_PRESETS.find((entry) => entry.id === id);
  if (!preset) throw new Error(`missing ${id}`);
  return preset;
};

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('Parallel Self catalogue', () => {
  it('makes Colorcore randomized with guidance 13 and raw false', () => {
    const colorcore = byId('parallel_self_colorcore');
    expect(colorcore.guidance_scale).toBe(13);
    expect(colorcore.raw).toBe(false);
    expect(colorcore.isRandomized).toBe(true);
    expect(colorcore.basePrompt).toBe(COLORCORE_BASE_PROMPT);
    for (const placeholder of COLORCORE_PLACEHOLDERS) expect(COLORCORE_BASE_PROMPT).toContain(placeholder);
  });

  it('leaves the other presets unrandomized', () => {
    for (const preset of PARALLEL_SELF_PRESETS.filter((entry) => entry.id !== 'parallel_self_colorcore')) {
      expect(preset.isRandomized).toBeUndefined();
      expect(preset.basePrompt).toBeUndefined();
      expect(preset.raw).toBe(true);
    }
  });

  it("fills Colorcore's default prompt with the first entry of each list", () => {
    const prompt = byId('parallel_self_colorcore').prompt;
    expect(prompt).toContain(COLORCORE_COLORS[0]?.color);
    expect(prompt).toContain(COLORCORE_COLORS[0]?.description);
    expect(prompt).toContain(COLORCORE_FEMALE_STYLINGS[0]);
    expect(prompt).toContain(COLORCORE_MALE_STYLINGS[0]);
    expect(prompt).toContain(COLORCORE_POSES[0]);
  });
});

describe('randomizeColorcorePrompt', () => {
  const colorcore = byId('parallel_self_colorcore');

  it('fills every placeholder', () => {
    const prompt = randomizeColorcorePrompt(colorcore, seededRandom('run-1'));
    expect(prompt).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it('draws colour, female styling, male styling and pose in that order', () => {
    const prompt = randomizeColorcorePrompt(colorcore, sequence(0.99, 0, 0.5, 0.2));
    const color = COLORCORE_COLORS[COLORCORE_COLORS.length - 1];
    expect(prompt).toContain(`head to toe in ${color?.color}: ${color?.description}.`);
    expect(prompt).toContain(`woman: ${COLORCORE_FEMALE_STYLINGS[0]}.`);
    expect(prompt).toContain(`man: ${COLORCORE_MALE_STYLINGS[Math.floor(0.5 * COLORCORE_MALE_STYLINGS.length)]}.`);
    expect(prompt).toContain(`Pose: ${COLORCORE_POSES[Math.floor(0.2 * COLORCORE_POSES.length)]}.`);
  });

  it('is deterministic for the same seed and varies across seeds', () => {
    const a = randomizeColorcorePrompt(colorcore, seededRandom('seed-a'));
    expect(randomizeColorcorePrompt(colorcore, seededRandom('seed-a'))).toBe(a);
    const prompts = new Set(Array.from({ length: 20 }, (_, i) => randomizeColorcorePrompt(colorcore, seededRandom(`seed-${i}`))));
    expect(prompts.size).toBeGreaterThan(5);
  });

  it('stays in range for a random source that returns 1 or garbage', () => {
    expect(randomizeColorcorePrompt(colorcore, () => 1)).toContain(COLORCORE_POSES[COLORCORE_POSES.length - 1]);
    expect(randomizeColorcorePrompt(colorcore, () => Number.NaN)).toContain(COLORCORE_POSES[0]);
  });

  it('returns the prompt of a preset without a base prompt', () => {
    const plain = byId('parallel_self_black_aura');
    expect(randomizeColorcorePrompt(plain, () => 0.3)).toBe(plain.prompt);
  });
});
