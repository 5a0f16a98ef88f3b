import { lazy, Suspense } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { AlertHost } from '../components/dialog/alert-host';
import { RouteErrorBoundary } from '../components/errors/route-error-screen';
import { AppFrame } from '../components/layout/app-frame';
import { SignUpPromptHost } from '../components/signup-prompt/signup-prompt-host';
import { NavigationProgress } from '../components/layout/navigation-progress';
import { RouteLoadingScreen } from '../components/page/route-loading-screen';
import { ToastStack } from '../components/toast/toast-stack';
import { paths } from '../config/paths';
import { LegalSheetHost } from '../features/legal';
import { NotificationBell } from '../features/notifications';
import { ViewerHost } from '../features/viewer';
import { wireGeneration } from './generation-wiring';
import { wireRunNotifications } from './run-notification-wiring';
import { MobileRouteGuard } from './mobile-route-guard';
import { useLaunchStatus } from './use-launch-status';

wireGeneration();
wireRunNotifications();

const ComingSoonPage = lazy(() =>
  import('../pages/coming-soon/coming-soon-page').then((module) => ({ default: module.ComingSoonPage })),
);

/** Until launch, only the admin dashboard is reachable; every other path shows the coming-soon page. */
function isOpenBeforeLaunch(pathname: string): boolean {
  return matchPath(paths.adminDashboard.path, pathname) !== null;
}

/**
 * The shell around every route: top bar, page, bottom nav on mobile, toasts and alerts.
 * Before launch (spec 3 §4) it shows the coming-soon page in place of every route but one.
 */
export function AppLayout() {
  const launched = useLaunchStatus();
  const { pathname } = useLocation();

  if (launched === false && !isOpenBeforeLaunch(pathname)) {
    return (
      <AppFrame bare>
        <Suspense fallback={<RouteLoadingScreen />}>
          <ComingSoonPage />
        </Suspense>
        <ToastStack />
        <AlertHost />
      </AppFrame>
    );
  }

  return (
    <AppFrame
      actions={<NotificationBell />}
      hosts={
        <>
          <ViewerHost />
          <SignUpPromptHost />
          <LegalSheetHost />
        </>
      }
    >
      <NavigationProgress />
      {launched === null ? (
        <RouteLoadingScreen />
      ) : (
        <MobileRouteGuard>
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<RouteLoadingScreen />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </MobileRouteGuard>
      )}
      <ToastStack />
      <AlertHost />
    </AppFrame>
  );
}
