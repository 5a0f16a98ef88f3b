import { describe, expect, it } from 'vitest';
import { PROMPT_GUIDES } from './prompt-advice';

const words = (text: string) => text.trim().split(/\s+/).length;
const sentences = (text: string) => text.split(/[.!?](\s|$)/).filter((part) => part.trim().length > 0).length;
const guide = (id: string) => PROMPT_GUIDES.find((entry) => entry.id === id)!;

/** The guide's examples follow the advice it gives (spec 3 §9). */
describe('the prompt guides', () => {
  it('shows 2 to 3 good and bad examples each', () => {
    for (const entry of PROMPT_GUIDES) {
      expect(entry.good.length).toBeGreaterThanOrEqual(2);
      expect(entry.good.length).toBeLessThanOrEqual(3);
      expect(entry.bad.length).toBeGreaterThanOrEqual(2);
      expect(entry.bad.length).toBeLessThanOrEqual(3);
    }
  });

  it('keeps the good text prompts under 25 words, and the long bad one over', () => {
    const text = guide('text');
    for (const example of text.good) expect(words(example.prompt)).toBeLessThan(25);
    expect(text.bad.some((example) => words(example.prompt) >= 25)).toBe(true);
  });

  it('keeps the good edit prompts to 1 or 2 sentences', () => {
    for (const example of guide('studio').good) expect(sentences(example.prompt)).toBeLessThanOrEqual(2);
  });
});
