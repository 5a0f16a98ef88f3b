import { useEffect, useLayoutEffect } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';

let navigate: NavigateFunction | null = null;
/** Who waits for the next screen to be on screen (see `navigateAndSettle`). */
let waiting: Array<() => void> = [];

/** Navigation for code outside React (the session's expiry): the router's, once it is mounted. */
export function navigateInApp(to: string): void {
  if (navigate) void navigate(to);
  else window.location.assign(to);
}

/**
 * Navigates and resolves once the new location is committed (the old screen is gone): a
 * navigation is a transition, so `navigate` alone returns before that. Logout waits for it, so
 * that a screen sending signed-out visitors to /auth is gone before the session ends.
 */
export function navigateAndSettle(to: string): Promise<void> {
  const settled = new Promise<void>((resolve) => waiting.push(resolve));
  navigateInApp(to);
  return settled;
}

/** Hands the router's navigate to the functions above; rendered once inside the router. */
export function NavigationBridge() {
  const routerNavigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigate = routerNavigate;
    return () => {
      navigate = null;
    };
  }, [routerNavigate]);
  useLayoutEffect(() => {
    const settled = waiting;
    waiting = [];
    for (const resolve of settled) resolve();
  }, [location]);
  return null;
}
