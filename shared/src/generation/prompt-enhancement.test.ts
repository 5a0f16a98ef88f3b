import { describe, expect, it } from 'vitest';
import { ENHANCED_PROMPT_MAX_LENGTH, enhancePromptLocally, needsEnhancement, STOP_WORDS, STYLE_KEYWORDS } from './prompt-enhancement';

const JOINERS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'with']);
const words = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 1 && !JOINERS.has(word));

/** The part the enhancer added after the person's words. */
const addedPart = (original: string, enhanced: string) => enhanced.slice(original.trim().length);

const SAMPLES = [
  'a cat',
  'portrait of a woman in a neon city at night',
  'me in a forest',
  'anime girl crying in the rain',
  'A dreamy beach at sunset with my dog.',
  'moody noir detective in the rain, cinematic',
  'a bowl of ramen',
  'turn me into a viking warrior standing on a cliff above a stormy sea, holding an axe',
  'soft light portrait of my grandmother knitting by the window',
  'snowy mountain cabin at dawn',
  'astronaut floating near a purple nebula',
  'vintage red sports car on a desert highway',
];

describe('needsEnhancement (spec 1 §5)', () => {
  it('is true under 15 trimmed characters', () => {
    expect(needsEnhancement('a red balloon')).toBe(true);
    expect(needsEnhancement('   sunset sky     ')).toBe(true);
    expect(needsEnhancement('')).toBe(true);
  });

  it('is true when a style or mood keyword appears', () => {
    expect(needsEnhancement('a portrait of my grandmother, cinematic')).toBe(true);
    expect(needsEnhancement('My grandmother knitting, very MOODY')).toBe(true);
    expect(needsEnhancement('grandmother knitting on a film-noir set')).toBe(true);
  });

  it('is true with fewer than 2 meaningful words', () => {
    // Only 'grandmother' is longer than 3 characters and not a stop word.
    expect(needsEnhancement('make this into my grandmother')).toBe(true);
    expect(needsEnhancement('please make this photo look like that')).toBe(true);
  });

  it('is false for a specific, unstyled prompt', () => {
    expect(needsEnhancement('my grandmother knitting a scarf by the window')).toBe(false);
    expect(needsEnhancement('a bowl of ramen')).toBe(false);
  });

  it('has lowercase keyword and stop-word lists', () => {
    for (const keyword of ['cinematic', 'moody', 'dreamy', 'vintage', 'neon', 'noir', 'ethereal']) expect(STYLE_KEYWORDS).toContain(keyword);
    for (const word of [...STYLE_KEYWORDS, ...STOP_WORDS]) expect(word).toBe(word.toLowerCase());
  });
});

describe('enhancePromptLocally', () => {
  it.each(SAMPLES)('keeps the subject first and unchanged: %s', (prompt) => {
    const { prompt: enhanced } = enhancePromptLocally(`  ${prompt}  `);
    expect(enhanced.startsWith(prompt)).toBe(true);
    expect(enhanced.length).toBeGreaterThan(prompt.length + 20);
  });

  it.each(SAMPLES)('adds no phrase or word twice and none the prompt has: %s', (prompt) => {
    const added = words(addedPart(prompt, enhancePromptLocally(prompt).prompt));
    const original = new Set(words(prompt));
    expect(new Set(added).size).toBe(added.length);
    for (const word of added) expect(original.has(word)).toBe(false);
  });

  it.each(SAMPLES)('stays under 400 characters and is deterministic: %s', (prompt) => {
    const first = enhancePromptLocally(prompt, { enhanceNegativePrompt: true });
    expect(first.prompt.length).toBeLessThan(ENHANCED_PROMPT_MAX_LENGTH);
    expect(enhancePromptLocally(prompt, { enhanceNegativePrompt: true })).toEqual(first);
  });

  it('lights a city at night with neon and a 35mm lens', () => {
    const { prompt } = enhancePromptLocally('a street in the city at night');
    expect(prompt).toContain('neon rim light');
    expect(prompt).toContain('35mm lens');
  });

  it('gives a portrait an 85mm lens and a shallow depth of field', () => {
    const { prompt } = enhancePromptLocally('portrait of my grandmother');
    expect(prompt).toContain('85mm lens');
    expect(prompt).toContain('shallow depth of field');
    expect(prompt).not.toContain('50mm');
  });

  it('prefers the setting light over a subject light', () => {
    expect(enhancePromptLocally('portrait of me in the city at night').prompt).toContain('neon rim light');
    expect(enhancePromptLocally('portrait of me in a forest').prompt).toContain('volumetric god rays');
  });

  it('uses the named style first', () => {
    const noir = enhancePromptLocally('a detective in the rain, noir').prompt;
    expect(noir).toContain('black-and-white film still');
    expect(noir).toContain('venetian-blind shadows');
  });

  it('skips lens talk for an illustration', () => {
    const { prompt, negativePrompt } = enhancePromptLocally('anime girl with a cat', { enhanceNegativePrompt: true });
    expect(prompt).toContain('hand-painted illustration');
    expect(prompt).not.toMatch(/\d+mm|depth of field|photorealistic/);
    expect(negativePrompt).toContain('photorealistic');
    expect(negativePrompt).not.toContain('cartoon');
  });

  it('does not repeat a phrase the person already wrote', () => {
    const prompt = 'a cat, photorealistic, sharp focus';
    const enhanced = enhancePromptLocally(prompt).prompt;
    expect(enhanced.match(/photorealistic/g)).toHaveLength(1);
    expect(enhanced.match(/sharp focus/g)).toHaveLength(1);
  });

  it('joins after closing punctuation with a capital', () => {
    const enhanced = enhancePromptLocally('My dog on the beach.').prompt;
    expect(enhanced).toMatch(/^My dog on the beach\. [A-Z]/);
  });

  it('returns a long prompt unchanged and an empty one empty', () => {
    const long = `a cat ${'very '.repeat(90)}fluffy`;
    expect(enhancePromptLocally(long).prompt).toBe(long.trim());
    expect(enhancePromptLocally('   ').prompt).toBe('');
  });

  it('fills up to the limit without crossing it', () => {
    const prompt = `portrait of a woman in a neon city at night ${'x'.repeat(300)}`;
    const enhanced = enhancePromptLocally(prompt).prompt;
    expect(enhanced.startsWith(prompt)).toBe(true);
    expect(enhanced.length).toBeLessThan(400);
  });

  it('writes a negative prompt only when asked, fitted to the subject', () => {
    expect(enhancePromptLocally('portrait of a man').negativePrompt).toBeUndefined();
    const portrait = enhancePromptLocally('portrait of a man', { enhanceNegativePrompt: true }).negativePrompt ?? '';
    expect(portrait).toContain('blurry');
    expect(portrait).toContain('deformed face');
    expect(portrait).toContain('extra fingers');
    const pet = enhancePromptLocally('my dog in the park', { enhanceNegativePrompt: true }).negativePrompt ?? '';
    expect(pet).toContain('extra legs');
    expect(pet).not.toContain('deformed face');
  });

  it('leaves out negative terms the prompt asks for', () => {
    const negative = enhancePromptLocally('a blurry dreamy photo of my text messages', { enhanceNegativePrompt: true }).negativePrompt ?? '';
    expect(negative).not.toMatch(/\bblurry\b/);
    expect(negative).not.toMatch(/\btext\b/);
    expect(negative).toContain('watermark');
  });
});
