import { useSyncExternalStore } from 'react';
import { isPageLoading, subscribePageLoading } from '../../lib/lazy-page';

/** A thin bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const loading = useSyncExternalStore(subscribePageLoading, isPageLoading, () => false);
  if (!loading) return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
