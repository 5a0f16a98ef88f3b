import type { PresetDefinition } from '../types';
import { defineCatalogue } from './define-catalogue';
import { QUALITY_NEGATIVE } from './identity-phrases';

/** The model of Ghibli Reaction; `image_prompt_strength` weighs the photo as an image prompt. */
export const GHIBLI_REACTION_MODEL = 'flux-pro-1.1-ultra';

/** The look every reaction shares (spec 1 §3: a shared base prompt plus a per-reaction add-on). */
export const GHIBLI_REACTION_BASE_PROMPT =
  'Turn this photo into a hand-painted Ghibli-inspired anime film frame: soft watercolour background, gentle cel shading, clean expressive linework, warm nostalgic light and lush painterly detail. ' +
  'The same person stays recognisable as an anime character — same face shape, same hairstyle and hair colour, same skin tone, same outfit, big expressive eyes.';

export type GhibliReactionId = 'ghibli_reaction_tears' | 'ghibli_reaction_shock' | 'ghibli_reaction_sparkle' | 'ghibli_reaction_love';

/** The per-reaction add-on appended to the base prompt. */
export const GHIBLI_REACTION_ADDONS: Record<GhibliReactionId, string> = {
  ghibli_reaction_tears:
    'Reaction: overwhelmed with emotion — big glossy eyes brimming with tears, single tears rolling down the cheeks, a trembling lip, soft blue evening light and rain streaking a window behind.',
  ghibli_reaction_shock:
    'Reaction: comically shocked — eyes wide with tiny pupils, mouth open in a gasp, hands raised, classic anime surprise lines radiating behind, a sudden gust of wind lifting the hair.',
  ghibli_reaction_sparkle:
    'Reaction: starry-eyed delight — eyes sparkling with star-shaped highlights, a beaming smile, glittering sparkles and floating light motes all around, a bright pastel summer sky.',
  ghibli_reaction_love:
    'Reaction: smitten and in love — rosy blushing cheeks, a soft dreamy smile, small pink hearts and cherry-blossom petals drifting around, a warm golden sunset glow.',
};

/** Base prompt + add-on, as the model receives it. */
export function ghibliReactionPrompt(id: GhibliReactionId): string {
  return `${GHIBLI_REACTION_BASE_PROMPT} ${GHIBLI_REACTION_ADDONS[id]}`;
}

/** The settings every preset of the group starts from. */
const SETTINGS = {
  model: GHIBLI_REACTION_MODEL,
  strength: 0.45,
  image_prompt_strength: 0.35,
  guidance_scale: 8,
  num_inference_steps: 30,
  output_format: 'png',
  aspect_ratio: '3:4',
} as const;

const NEGATIVE = `photorealistic, photograph, 3d render, different person, changed face shape, wrong hair colour, distorted eyes, deformed hands, extra limbs, messy linework, muddy colours, ${QUALITY_NEGATIVE}`;

/** Ghibli Reaction (spec 1 §3): four anime reactions, 3:4. */
export const GHIBLI_REACTION_PRESETS: PresetDefinition[] = defineCatalogue('ghibli-reaction', SETTINGS, NEGATIVE, [
  {
    id: 'ghibli_reaction_tears',
    prompt: ghibliReactionPrompt('ghibli_reaction_tears'),
    avoid: 'smiling, laughing',
  },
  {
    id: 'ghibli_reaction_shock',
    prompt: ghibliReactionPrompt('ghibli_reaction_shock'),
    avoid: 'calm expression, closed mouth',
  },
  {
    id: 'ghibli_reaction_sparkle',
    prompt: ghibliReactionPrompt('ghibli_reaction_sparkle'),
    avoid: 'sad expression, dark night',
  },
  {
    id: 'ghibli_reaction_love',
    strength: 0.35,
    num_inference_steps: 28,
    prompt: ghibliReactionPrompt('ghibli_reaction_love'),
    avoid: 'angry expression, cold colours',
  },
]);
