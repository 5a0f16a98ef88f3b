import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AppFrame } from '../components/layout/app-frame';
import { NavigationProgress } from '../components/layout/navigation-progress';

/** The shell around every route: top bar, page, bottom nav on mobile. */
export function AppLayout() {
  return (
    <AppFrame>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </AppFrame>
  );
}
