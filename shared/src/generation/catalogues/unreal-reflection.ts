import type { PresetDefinition } from '../types';
import { defineCatalogue } from './define-catalogue';
import { IDENTITY_NEGATIVE, KEEP_IDENTITY, QUALITY_NEGATIVE } from './identity-phrases';

/** The image-edit model every Unreal Reflection preset uses. */
export const UNREAL_REFLECTION_MODEL = 'flux-kontext-pro';

/** The settings every preset of the group starts from. */
const SETTINGS = { model: UNREAL_REFLECTION_MODEL, strength: 0.55, guidance_scale: 7.5, num_inference_steps: 30, aspect_ratio: '4:5' } as const;

const NEGATIVE = `${IDENTITY_NEGATIVE}, cartoon, anime, illustration, ${QUALITY_NEGATIVE}`;

/** Unreal Reflection (spec 1 §3): six cinematic alter-egos, one image-edit model, 4:5. */
export const UNREAL_REFLECTION_PRESETS: PresetDefinition[] = defineCatalogue('unreal-reflection', SETTINGS, NEGATIVE, [
  {
    id: 'unreal_reflection_syndicate',
    prompt:
      'Restyle this photo as a cinematic crime-drama still: the person as the quiet boss of a powerful syndicate, in a sharp tailored charcoal pinstripe three-piece suit with a dark silk tie, seated in a leather wingback chair in a smoky wood-panelled back room. A single tungsten pendant lamp casts hard low-key light, cigar smoke curls through the beam, deep velvet shadows, teal-and-amber film grade, 35mm anamorphic look, shallow depth of field, fine film grain. ' +
      KEEP_IDENTITY,
    avoid: 'bright flat lighting, cheerful colours',
  },
  {
    id: 'unreal_reflection_yakuza_heir',
    prompt:
      'Restyle this photo as the heir of a Tokyo yakuza clan: open black silk shirt revealing traditional irezumi tattoos of koi and peonies across the collarbones and forearms, a thin gold chain, standing in a narrow rain-soaked Kabukicho alley at night. Red paper lanterns and pink and cyan neon signs reflect in the puddles, steam rises from a vent, moody neon rim light on the face, cinematic 35mm frame, shallow depth of field, film grain. ' +
      KEEP_IDENTITY,
    avoid: 'daylight, tattoos on the face',
  },
  {
    id: 'unreal_reflection_gothic_pact',
    prompt:
      'Restyle this photo as a Victorian gothic aristocrat who has just sealed a midnight pact: high-collared black velvet coat with silver embroidery, lace cravat and a ruby brooch, standing in a ruined cathedral lit by hundreds of dripping candles, shattered stained glass and drifting fog behind. Crimson and deep violet palette, chiaroscuro candlelight sculpting the face, the richness of an oil painting with photographic detail. ' +
      KEEP_IDENTITY,
    avoid: 'modern clothing, bright daylight, fangs, horror gore',
  },
  {
    id: 'unreal_reflection_oracle_of_seoul',
    prompt:
      'Restyle this photo as a mystical oracle of a future Seoul: a modern hanbok reinterpreted in iridescent silk with flowing sleeves and a delicate gold binyeo hair ornament, standing on a rooftop at blue hour with the neon skyline and N Seoul Tower behind. Floating holographic hangul talismans and soft glowing particles circle the hands, cool cyan ambient light with warm gold accents, ethereal haze, cinematic depth. ' +
      KEEP_IDENTITY,
    avoid: 'costume-party look, cluttered background',
  },
  {
    id: 'unreal_reflection_medusas_mirror',
    prompt:
      'Restyle this photo as a modern Medusa seen in an ancient bronze mirror: the hair becomes sleek emerald serpents coiled around the head, a faint iridescent snake-scale shimmer on the shoulders and collarbones, gold Greek jewellery and a draped ivory chiton, marble temple ruins and half-turned stone statues in the background. Dramatic green and gold lighting, haunting mythic glamour, the face and human eyes unchanged. ' +
      KEEP_IDENTITY,
    avoid: 'snake eyes, reptile face, scales on the face, monster',
  },
  {
    id: 'unreal_reflection_chromatic_bloom',
    prompt:
      'Restyle this photo as a high-fashion beauty editorial inside an explosion of oversized flowers: magenta peonies, electric-blue orchids and orange ranunculus framing the face, petals drifting through the air, prismatic light leaks and soft rainbow refraction, dewy glowing skin, studio strobe with coloured gels, saturated chromatic palette, crisp magazine-cover detail. ' +
      KEEP_IDENTITY,
    avoid: 'wilted flowers, dull colours, flowers covering the eyes',
  },
]);
