import { lazy, Suspense } from 'react';
import { useAuth } from '../../state/use-auth';

// The bell's list, its queries and the live stream load once someone is signed in: a visitor's
// first view carries none of it (tests/integration/web-delivery.test.ts).
const SignedInBell = lazy(() => import('./signed-in-bell').then((module) => ({ default: module.SignedInBell })));

/** The bell of every signed-in page (nothing for a visitor). */
export function NotificationBell() {
  const { isAuthenticated, user } = useAuth();
  if (!isAuthenticated || !user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInBell userId={user.id} />
    </Suspense>
  );
}
