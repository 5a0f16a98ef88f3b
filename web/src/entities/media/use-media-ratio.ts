import { type SyntheticEvent, useCallback, useState } from 'react';
import { DEFAULT_ASPECT_RATIO } from './media-item';

/** A measured ratio this close to the declared one keeps the declared one (no re-layout for rounding). */
const TOLERANCE = 0.01;

/**
 * The aspect ratio of an item's box: its declared width / height, so the box is reserved
 * before the file arrives; corrected to the file's own ratio once it has loaded when the size
 * was unknown or wrong, so the media always fills its box without bars or stretching.
 */
export function useMediaRatio(declared: number | null) {
  const [measured, setMeasured] = useState<number | null>(null);
  const measure = useCallback(
    (node: HTMLImageElement | HTMLVideoElement) => {
      const [w, h] = node instanceof HTMLImageElement ? [node.naturalWidth, node.naturalHeight] : [node.videoWidth, node.videoHeight];
      if (!w || !h) return;
      const natural = w / h;
      if (declared && Math.abs(natural - declared) / declared <= TOLERANCE) return;
      setMeasured(natural);
    },
    [declared],
  );
  const onMedia = useCallback((event: SyntheticEvent<HTMLImageElement | HTMLVideoElement>) => measure(event.currentTarget), [measure]);
  return { ratio: measured ?? declared ?? DEFAULT_ASPECT_RATIO, onMedia, measure };
}

/** width / height when both are known. */
export function declaredRatio(width: number | null | undefined, height: number | null | undefined): number | null {
  return width && height && width > 0 && height > 0 ? width / height : null;
}
