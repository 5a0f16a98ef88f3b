import type { PresetDefinition } from '../types';
import { defineCatalogue } from './define-catalogue';
import { IDENTITY_NEGATIVE, KEEP_IDENTITY, QUALITY_NEGATIVE } from './identity-phrases';

/** The photographic model of Parallel Self; `raw` asks it for a natural, unpolished photo look. */
export const PARALLEL_SELF_MODEL = 'flux-pro-1.1-ultra';

/** The settings every preset of the group starts from. */
const SETTINGS = { model: PARALLEL_SELF_MODEL, guidance_scale: 7, num_inference_steps: 28, raw: true } as const;

const NEGATIVE = `${IDENTITY_NEGATIVE}, cartoon, anime, 3d render, ${QUALITY_NEGATIVE}`;

/** A colour of the Colorcore grid with the words that describe it to the model. */
export interface ColorcoreColor {
  color: string;
  description: string;
}

export const COLORCORE_COLORS: readonly ColorcoreColor[] = [
  { color: 'cherry red', description: 'a glossy, saturated cherry red like candy-apple lacquer' },
  { color: 'tangerine orange', description: 'a warm, juicy tangerine orange with sunny undertones' },
  { color: 'lemon yellow', description: 'a bright, zesty lemon yellow that glows like sunlight' },
  { color: 'mint green', description: 'a cool, fresh pastel mint green' },
  { color: 'emerald green', description: 'a rich, jewel-toned emerald green' },
  { color: 'cobalt blue', description: 'a deep, electric cobalt blue' },
  { color: 'lavender', description: 'a soft, dreamy lavender with a hint of grey' },
  { color: 'hot pink', description: 'a loud, playful hot pink with magenta depth' },
];

export const COLORCORE_FEMALE_STYLINGS: readonly string[] = [
  'a sculptural oversized blazer dress with matching pointed heels and opera gloves',
  'a flowing satin slip dress with a matching faux-fur stole and strappy sandals',
  'a cropped cable-knit set with wide-leg trousers and a matching bucket hat worn high on the head',
  'a structured puff-sleeve mini dress with matching knee-high patent boots',
  'a tailored trouser suit worn over a matching silk camisole, with matching loafers',
];

export const COLORCORE_MALE_STYLINGS: readonly string[] = [
  'a tailored double-breasted suit over a matching fine-knit turtleneck, with matching loafers',
  'an oversized velour tracksuit with matching chunky sneakers',
  'a relaxed linen camp-collar shirt with pleated trousers and matching suede loafers',
  'a boxy leather jacket over a matching tee, with matching cargo trousers and boots',
  'a long wool overcoat over a matching hoodie and straight-leg trousers',
];

export const COLORCORE_POSES: readonly string[] = [
  'standing tall with hands in pockets, chin slightly raised, looking straight into the lens',
  'seated on a matching painted cube, legs crossed, leaning forward with elbows on knees',
  'mid-stride walking toward the camera, one arm swinging naturally',
  'leaning back against the backdrop with arms folded and a relaxed half-smile',
  'sitting on the floor with one knee up, an arm resting on it, face turned to the camera',
];

/** The Colorcore prompt template; every placeholder is filled by `randomizeColorcorePrompt`. */
export const COLORCORE_BASE_PROMPT =
  'A bold colorcore fashion portrait of the person in this photo, dressed head to toe in {color}: {colorDescription}. ' +
  'The seamless studio backdrop, floor and props are painted in the exact same {color}, so the person stands inside a single-colour world. ' +
  'If the person is a woman: {femaleStyling}. If the person is a man: {maleStyling}. Pose: {pose}. ' +
  'Soft even studio light, crisp high-end fashion photography, perfectly square composition, one saturated hue everywhere except the skin. ' +
  KEEP_IDENTITY;

function pick<T>(list: readonly T[], random: () => number): T {
  const r = random();
  const index = Math.min(list.length - 1, Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * list.length)));
  const value = list[index];
  if (value === undefined) throw new Error('Colorcore list is empty');
  return value;
}

function fillColorcore(template: string, color: ColorcoreColor, female: string, male: string, pose: string): string {
  return template
    .replaceAll('{colorDescription}', color.description)
    .replaceAll('{color}', color.color)
    .replaceAll('{femaleStyling}', female)
    .replaceAll('{maleStyling}', male)
    .replaceAll('{pose}', pose);
}

/**
 * Draws the Colorcore prompt: colour (with its description), female styling, male styling and pose,
 * in that order, one `random()` call each. The same random sequence gives the same prompt.
 * A preset without `basePrompt` is returned as its own prompt.
 */
export function randomizeColorcorePrompt(preset: PresetDefinition, random: () => number = Math.random): string {
  const template = preset.basePrompt;
  if (!template) return preset.prompt;
  const color = pick(COLORCORE_COLORS, random);
  const female = pick(COLORCORE_FEMALE_STYLINGS, random);
  const male = pick(COLORCORE_MALE_STYLINGS, random);
  const pose = pick(COLORCORE_POSES, random);
  return fillColorcore(template, color, female, male, pose);
}

/** Parallel Self (spec 1 §3): six alternate lives of the same person. */
export const PARALLEL_SELF_PRESETS: PresetDefinition[] = defineCatalogue('parallel-self', SETTINGS, NEGATIVE, [
  {
    id: 'parallel_self_black_aura',
    strength: 0.58,
    aspect_ratio: '4:5',
    prompt:
      'The person from this photo in an all-black monochrome editorial: layered black leather and tailored black wool, an ink-like dark aura of smoke swirling around the silhouette, a deep black seamless background, a single hard side light carving the face with a thin silver rim light, high contrast, calm and powerful expression, medium-format fashion photography. ' +
      KEEP_IDENTITY,
    avoid: 'colourful clothing, bright background, washed-out blacks',
  },
  {
    id: 'parallel_self_untouchable',
    strength: 0.57,
    aspect_ratio: '1:1',
    prompt:
      'The person from this photo as an untouchable A-list star arriving at a premiere: immaculate black-tie luxury tailoring and statement jewellery, walking a red carpet past a velvet rope while a wall of paparazzi camera flashes bursts behind, a bodyguard silhouette out of focus, cool unbothered expression, direct on-camera flash, glossy celebrity-magazine photograph, square frame. ' +
      KEEP_IDENTITY,
    avoid: 'sunglasses covering the eyes, empty street, casual clothes',
  },
  {
    id: 'parallel_self_neon_proof',
    strength: 0.59,
    aspect_ratio: '4:5',
    prompt:
      'The person from this photo in rain-proof techwear on a cyberpunk street at night: glossy black waterproof shell jacket with reflective straps and utility harness, wet hair, standing in a downpour under magenta and cyan neon signs, raindrops glittering in the light, water beading on the jacket, mirror-like wet asphalt, neon rim light on the face, 35mm night photograph with light film grain. ' +
      KEEP_IDENTITY,
    avoid: 'daylight, dry street, umbrella hiding the face',
  },
  {
    id: 'parallel_self_mechanic',
    strength: 0.58,
    aspect_ratio: '4:5',
    prompt:
      'The person from this photo as a skilled mechanic in a vintage garage: worn denim coveralls with rolled sleeves, grease smudges on the forearms and hands, a rag in the back pocket, leaning on a classic 1960s muscle car with its hood open, tools on a pegboard and a hanging work lamp behind. Warm late-afternoon sun through the open roller door, dust in the air, Kodak Portra colour, candid documentary photograph. ' +
      KEEP_IDENTITY,
    avoid: 'dirt on the face, clean studio, modern sports car',
  },
  {
    id: 'parallel_self_colorcore',
    strength: 0.6,
    guidance_scale: 13,
    aspect_ratio: '1:1',
    raw: false,
    isRandomized: true,
    basePrompt: COLORCORE_BASE_PROMPT,
    prompt: fillColorcore(
      COLORCORE_BASE_PROMPT,
      COLORCORE_COLORS[0] as ColorcoreColor,
      COLORCORE_FEMALE_STYLINGS[0] as string,
      COLORCORE_MALE_STYLINGS[0] as string,
      COLORCORE_POSES[0] as string,
    ),
    avoid: 'multiple colours, patterned clothing, busy background, tinted skin',
  },
  {
    id: 'parallel_self_getaway_lookbook',
    strength: 0.57,
    aspect_ratio: '4:5',
    prompt:
      'The person from this photo in a luxury summer getaway lookbook: breezy cream linen resort wear and gold sandals, on a whitewashed terrace above the turquoise Mediterranean in Positano, pink bougainvillea spilling over the wall, pastel cliffside houses behind, golden-hour sunlight, relaxed candid pose, airy travel editorial shot on medium-format film. ' +
      KEEP_IDENTITY,
    avoid: 'hat shading the face, overcast sky, crowded beach',
  },
]);
