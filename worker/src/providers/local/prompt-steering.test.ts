import { describe, expect, it } from 'vitest';
import { presetLook } from './looks';
import { dominantColour, lookFromPrompt } from './prompt-steering';

const colorcore = (colour: string, description: string) =>
  `A bold colorcore fashion portrait of the person in this photo, dressed head to toe in ${colour}: ${description}. ` +
  `The seamless studio backdrop, floor and props are painted in the exact same ${colour}. ` +
  'If the person is a woman: a flowing satin slip dress with a matching faux-fur stole. Soft even studio light, one saturated hue everywhere except the skin.';

describe('dominantColour', () => {
  it.each([
    ['cobalt blue', 'a deep, electric cobalt blue', [0, 71, 171]],
    ['hot pink', 'a loud, playful hot pink with magenta depth', [255, 40, 150]],
    ['emerald green', 'a rich, jewel-toned emerald green', [0, 150, 90]],
    ['lavender', 'a soft, dreamy lavender with a hint of grey', [185, 160, 235]],
    ['tangerine orange', 'a warm, juicy tangerine orange with sunny undertones', [255, 130, 20]],
  ])('finds %s in a Colorcore prompt', (colour, description, rgb) => {
    expect(dominantColour(colorcore(colour, description))).toEqual(rgb);
  });

  it('does not read colours out of phrases that mean something else', () => {
    expect(dominantColour('golden hour portrait')).toBeUndefined();
    expect(dominantColour('black and white street photo')).toBeUndefined();
  });

  it('prefers a chromatic colour to black or white', () => {
    expect(dominantColour('white shirt, black jeans, a red scarf')).toEqual([220, 35, 40]);
  });
});

describe('lookFromPrompt', () => {
  it('is deterministic', () => {
    expect(lookFromPrompt('moody neon night in the rain')).toEqual(lookFromPrompt('moody neon night in the rain'));
  });

  it('combines the cues it finds', () => {
    const look = lookFromPrompt('Moody cinematic sunset, vintage film');
    expect(look.name).toContain('sunset');
    expect(look.name).toContain('cinematic');
    expect(look.name).toContain('vintage');
    expect(look.name).toContain('moody');
    expect(look.overlays?.map((o) => o.kind)).toContain('letterbox');
  });

  it('black and white is monochrome and drops colour washes', () => {
    const look = lookFromPrompt('black and white portrait in a red dress');
    expect(look.monochrome).toBe(true);
    expect(look.overlays?.some((o) => o.kind === 'edgeWash')).toBe(false);
  });

  it('warm words warm, cold words cool', () => {
    expect(lookFromPrompt('warm golden hour').grade.temperature).toBeGreaterThan(0.2);
    expect(lookFromPrompt('icy winter night').grade.temperature).toBeLessThan(-0.2);
  });

  it('reads Studio edit instructions', () => {
    expect(lookFromPrompt('make it brighter').grade.exposure).toBeGreaterThan(0.2);
    expect(lookFromPrompt('blur the background').prefilter?.edgeBlur).toBeGreaterThan(0.5);
  });

  it('gives an unknown prompt one of the house grades', () => {
    expect(lookFromPrompt('Transform this image').name).toMatch(/^house: /);
    expect(lookFromPrompt('').name).toMatch(/^house: /);
  });

  it.each(['portrait in anime style', 'a cartoon of me', 'comic book hero', 'manga cover', 'cel shaded', 'an illustration', 'oil painting'])('%s asks for the cel look', (prompt) => {
    const look = lookFromPrompt(prompt);
    expect(look.prefilter?.cel).toBeDefined();
    // Flat cel colours get no film grain.
    expect(look.texture?.grain).toBeUndefined();
  });

  it('photographic prompts keep the photo look', () => {
    expect(lookFromPrompt('an excellent cinematic portrait').prefilter?.cel).toBeUndefined();
    expect(lookFromPrompt('Transform this image').prefilter?.cel).toBeUndefined();
  });
});

describe('Ghibli Reaction presets', () => {
  it.each(['ghibli_reaction_tears', 'ghibli_reaction_shock', 'ghibli_reaction_sparkle', 'ghibli_reaction_love'])('%s is cel-shaded', (id) => {
    expect(presetLook(id, '')?.prefilter?.cel).toBeDefined();
  });
});
