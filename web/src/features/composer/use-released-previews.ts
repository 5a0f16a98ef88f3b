import { useEffect, useRef } from 'react';
import type { ComposerState } from './composer-reducer';

function ownedPreviews(state: ComposerState): Set<string> {
  const urls = new Set(state.storyPhotos.map((photo) => photo.previewUrl));
  if (state.media?.ownsPreview) urls.add(state.media.previewUrl);
  return urls;
}

/** Revokes the object URLs of previews the composer no longer shows (the reducer stays pure). */
export function useReleasedPreviews(state: ComposerState): void {
  const shown = useRef<Set<string>>(new Set());
  useEffect(() => {
    const now = ownedPreviews(state);
    for (const url of shown.current) if (!now.has(url)) URL.revokeObjectURL(url);
    shown.current = now;
  }, [state]);
}
