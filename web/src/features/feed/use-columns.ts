import { FEED_COLUMNS, MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { useSyncExternalStore } from 'react';
import { useFirstScreen } from '../../lib/first-screen';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const columns = () => (window.matchMedia(QUERY).matches ? 1 : FEED_COLUMNS);

/** 3 columns (spec 1 §9), one on a phone (the single-column feed view); as the server laid them out while hydrating. */
export function useFeedColumns(): number {
  const serverColumns = useFirstScreen()?.phone ? 1 : FEED_COLUMNS;
  return useSyncExternalStore(subscribe, columns, () => serverColumns);
}

