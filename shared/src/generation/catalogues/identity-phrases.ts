/**
 * Wording shared by the preset prompts so that every look keeps the person who uploaded the photo
 * recognisable (the identity check of spec 1 §9 compares the faces afterwards).
 */

/** Appended to photographic presets: only clothes, setting and light may change. */
export const KEEP_IDENTITY =
  'Same person, same face, same facial features, same eye shape, same skin tone, same age; keep the face natural and recognisable — only the styling, setting and light change.';

/** Negative prompt terms shared by the photographic presets. */
export const IDENTITY_NEGATIVE =
  'different person, face swap, altered facial features, changed eye colour, changed age, deformed face, asymmetrical eyes, plastic skin, extra fingers, mutated hands, extra limbs';

/** Quality faults every preset avoids. */
export const QUALITY_NEGATIVE = 'blurry, low resolution, jpeg artifacts, oversaturated, watermark, text, logo, signature, frame';
