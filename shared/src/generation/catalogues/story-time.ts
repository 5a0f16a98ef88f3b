import type { PresetDefinition } from '../types';
import { defineCatalogue } from './define-catalogue';
import { QUALITY_NEGATIVE } from './identity-phrases';

/** The image-to-video model of Story Time: one short clip per photo. */
export const STORY_TIME_MODEL = 'kling-image-to-video';

/** The motion style used when a Story Time request names none. */
export const DEFAULT_STORY_TIME_PRESET_ID = 'story_time_cinematic';

const KEEP_PERSON = 'The same person, the same face and the same outfit from the first frame to the last; no morphing.';

/** The settings every preset of the group starts from. */
const SETTINGS = { model: STORY_TIME_MODEL, strength: 0.5, guidance_scale: 7, num_inference_steps: 30, aspect_ratio: '4:5' } as const;

const NEGATIVE = `different person, face morphing, identity drift, flicker, warping, melting features, distorted limbs, extra fingers, jittery camera, frozen frame, sudden cuts, ${QUALITY_NEGATIVE}`;

/**
 * Story Time motion styles (not listed by spec 1; ours). Each photo of the story becomes one short
 * clip animated in the chosen style.
 */
export const STORY_TIME_PRESETS: PresetDefinition[] = defineCatalogue('story-time', SETTINGS, NEGATIVE, [
  {
    id: 'story_time_cinematic',
    prompt:
      'A slow cinematic dolly-in on the scene of this photo: subtle parallax between foreground and background, natural blinking and breathing, hair and clothes moving gently in a light breeze, warm film colour grade, shallow depth of field, smooth 24 fps motion. ' +
      KEEP_PERSON,
    avoid: 'fast zoom, shaky handheld',
  },
  {
    id: 'story_time_dreamlike',
    prompt:
      'A dreamy floating camera drift around the scene of this photo: slow-motion hair and fabric movement, soft bloom and glowing light motes rising through the air, pastel haze, gentle focus breathing, a calm and tender mood. ' +
      KEEP_PERSON,
    avoid: 'harsh contrast, fast motion',
  },
  {
    id: 'story_time_retro',
    prompt:
      'A Super 8 home movie made from this photo: gentle handheld sway, visible film grain, warm faded colours, light leaks flaring at the edges, slight gate weave and vignette, the person turning a little toward the camera with a natural smile. ' +
      KEEP_PERSON,
    avoid: 'digital sharpness, modern colour grade',
  },
]);
