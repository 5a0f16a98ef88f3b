import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../state/use-auth';

/**
 * While a signed-in person has a photo in the composer, their library's list is asked for: a run
 * started here lands there, and its earlier creations are then on screen from the first paint,
 * beside the run's card. The library's code loads only then (it is not part of the first view).
 */
export function useWarmLibrary(aboutToCreate: boolean): void {
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  useEffect(() => {
    if (!aboutToCreate || !userId) return;
    import('../../features/library').then(({ prefetchLibrary }) => prefetchLibrary(client, userId)).catch(() => {});
  }, [aboutToCreate, client, userId]);
}
