/** Colours as 0–255 sRGB triples, and the colour words people write in prompts. */

export type RGB = readonly [number, number, number];

export const WHITE: RGB = [255, 255, 255];
export const BLACK: RGB = [0, 0, 0];

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scale(c: RGB, k: number): RGB {
  return [c[0] * k, c[1] * k, c[2] * k];
}

/** Rec. 709 luma of a 0–255 colour, 0–1. */
export function luma(c: RGB): number {
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}

/** CSS colour for SVG: `rgb(r,g,b)`. */
export function css(c: RGB): string {
  return `rgb(${Math.round(clamp255(c[0]))},${Math.round(clamp255(c[1]))},${Math.round(clamp255(c[2]))})`;
}

function clamp255(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/**
 * Colour words, multi-word names first so 'sky blue' wins over 'blue'. Values are the colour as a
 * stylist would mean it, a little richer than the CSS keyword.
 */
export const NAMED_COLOURS: ReadonlyArray<readonly [string, RGB]> = [
  ['electric blue', [40, 120, 255]],
  ['royal blue', [50, 80, 220]],
  ['baby blue', [150, 200, 245]],
  ['sky blue', [110, 180, 240]],
  ['navy blue', [20, 35, 100]],
  ['cobalt blue', [0, 71, 171]],
  ['hot pink', [255, 40, 150]],
  ['baby pink', [250, 185, 205]],
  ['neon green', [60, 255, 90]],
  ['lime green', [140, 230, 40]],
  ['forest green', [30, 100, 50]],
  ['emerald green', [0, 150, 90]],
  ['mint green', [150, 235, 190]],
  ['olive green', [110, 120, 50]],
  ['burnt orange', [205, 90, 30]],
  ['blood red', [150, 10, 20]],
  ['cherry red', [210, 20, 50]],
  ['wine red', [110, 20, 40]],
  ['pastel pink', [245, 190, 210]],
  ['pastel blue', [170, 205, 240]],
  ['lavender', [185, 160, 235]],
  ['lilac', [200, 160, 220]],
  ['violet', [140, 70, 220]],
  ['purple', [130, 50, 190]],
  ['plum', [120, 40, 100]],
  ['indigo', [70, 40, 160]],
  ['magenta', [230, 30, 180]],
  ['fuchsia', [235, 40, 160]],
  ['pink', [245, 120, 175]],
  ['rose', [230, 100, 130]],
  ['blush', [240, 170, 170]],
  ['coral', [255, 120, 95]],
  ['peach', [255, 185, 145]],
  ['salmon', [250, 130, 110]],
  ['crimson', [200, 15, 45]],
  ['scarlet', [235, 35, 25]],
  ['ruby', [190, 15, 60]],
  ['burgundy', [120, 20, 40]],
  ['maroon', [120, 25, 35]],
  ['red', [220, 35, 40]],
  ['rust', [180, 70, 30]],
  ['copper', [190, 105, 60]],
  ['bronze', [175, 125, 60]],
  ['tangerine', [255, 130, 20]],
  ['orange', [250, 130, 30]],
  ['amber', [255, 170, 30]],
  ['mustard', [215, 170, 40]],
  ['golden', [230, 180, 70]],
  ['gold', [230, 180, 70]],
  ['champagne', [240, 215, 170]],
  ['yellow', [250, 215, 40]],
  ['lemon', [250, 235, 90]],
  ['lime', [160, 230, 50]],
  ['chartreuse', [170, 240, 40]],
  ['green', [40, 170, 80]],
  ['emerald', [0, 150, 90]],
  ['jade', [0, 160, 110]],
  ['olive', [110, 120, 50]],
  ['sage', [150, 175, 140]],
  ['mint', [150, 235, 190]],
  ['teal', [0, 140, 140]],
  ['turquoise', [40, 210, 200]],
  ['aqua', [60, 220, 220]],
  ['cyan', [0, 200, 230]],
  ['azure', [40, 140, 240]],
  ['sapphire', [20, 60, 180]],
  ['cobalt', [0, 71, 171]],
  ['navy', [20, 35, 100]],
  ['blue', [40, 90, 220]],
  ['chocolate', [100, 55, 30]],
  ['brown', [120, 75, 45]],
  ['tan', [210, 175, 135]],
  ['beige', [225, 205, 175]],
  ['cream', [245, 235, 210]],
  ['ivory', [250, 245, 230]],
  ['silver', [200, 205, 215]],
  ['grey', [128, 128, 128]],
  ['gray', [128, 128, 128]],
  ['charcoal', [55, 55, 60]],
  ['white', [245, 245, 245]],
  ['black', [20, 20, 22]],
];

const PHRASE_CACHE = new Map<string, RegExp>();

/** A word-bounded, case-insensitive pattern for a phrase ('sky blue' also matches 'sky-blue'). */
export function phrasePattern(phrase: string): RegExp {
  let pattern = PHRASE_CACHE.get(phrase);
  if (!pattern) {
    const body = phrase.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s-]+');
    pattern = new RegExp(`(?<![a-z])${body}(?![a-z])`, 'gi');
    PHRASE_CACHE.set(phrase, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * The colours named in a text, in order of first mention, each phrase counted once; a matched
 * phrase is blanked so 'sky blue' does not also count as 'blue'.
 */
export function coloursIn(text: string): Array<{ name: string; rgb: RGB; index: number }> {
  let rest = text.toLowerCase();
  const found: Array<{ name: string; rgb: RGB; index: number }> = [];
  for (const [name, rgb] of NAMED_COLOURS) {
    const re = phrasePattern(name);
    let first = -1;
    rest = rest.replace(re, (match: string, offset: number) => {
      if (first < 0) first = offset;
      return ' '.repeat(match.length);
    });
    if (first >= 0) found.push({ name, rgb, index: first });
  }
  return found.sort((a, b) => a.index - b.index);
}
