import type { AspectRatio } from './types';

/** Every aspect ratio a generation can have, as width / height. */
export const ASPECT_RATIO_VALUES: Readonly<Record<AspectRatio, number>> = {
  '1:1': 1,
  '4:5': 4 / 5,
  '3:4': 3 / 4,
  '2:3': 2 / 3,
  '9:16': 9 / 16,
  '16:9': 16 / 9,
  '4:3': 4 / 3,
};

/** The ratio used when nothing else decides (a generated item defaults to 1024×1024, spec 1 §3). */
export const DEFAULT_ASPECT_RATIO: AspectRatio = '1:1';

/** The supported ratio closest to width × height (compared on a log scale); the default when unknown. */
export function nearestAspectRatio(width: number | undefined, height: number | undefined): AspectRatio {
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) {
    return DEFAULT_ASPECT_RATIO;
  }
  const target = Math.log(width / height);
  let best: AspectRatio = DEFAULT_ASPECT_RATIO;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [ratio, value] of Object.entries(ASPECT_RATIO_VALUES) as [AspectRatio, number][]) {
    const distance = Math.abs(Math.log(value) - target);
    if (distance < bestDistance) {
      best = ratio;
      bestDistance = distance;
    }
  }
  return best;
}
