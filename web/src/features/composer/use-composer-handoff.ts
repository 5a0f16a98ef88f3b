import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type HomeNavigationState, readHomeNavigationState } from './composer-navigation-state';

/**
 * Router state another screen hands the home screen (spec 1 §2): read once per navigation,
 * then cleared from the history entry, and given to `onHandoff`.
 */
export function useComposerHandoff(onHandoff: (handed: HomeNavigationState) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(onHandoff);
  latest.current = onHandoff;
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    const handed = readHomeNavigationState(location.state);
    if (!handed) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    latest.current(handed);
  }, [location, navigate]);
}
