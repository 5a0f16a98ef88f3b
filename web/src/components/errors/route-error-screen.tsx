import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { CrashScreen } from './crash-screen';

/** `errorElement` of the router: a page (or its code) failed to load or render. */
export function RouteErrorScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <CrashScreen fullScreen={fullScreen} />;
}
