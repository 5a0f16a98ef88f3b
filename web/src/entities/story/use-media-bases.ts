import { loadAppInfo } from '../../api/app-info';
import { useLoadedValue } from '../../lib/use-loaded-value';
import { mediaBasesFor } from './story-model';

const loadMediaBase = () => loadAppInfo().then((info) => info.mediaBaseUrl);

/**
 * Where our own media are served from, for a story body's inline images: the page's origin and
 * the storage's public address the server names (an S3 host, say).
 */
export function useMediaBases(): string[] {
  const mediaBase = useLoadedValue(loadMediaBase, '');
  return mediaBasesFor(window.location.origin, mediaBase ? [mediaBase] : []);
}
