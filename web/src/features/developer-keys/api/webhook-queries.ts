import { getWebhookDeliveriesCall, getWebhookSecretCall, rotateWebhookSecretCall } from '@app/shared/api/run-webhooks';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/**
 * The signing secret (get-webhook-secret). It is kept only while the tab shows it (`gcTime: 0`)
 * and never read again behind the person's back.
 */
export function useWebhookSecret() {
  return useQuery({
    queryKey: queryKeys.developer('webhook-secret'),
    queryFn: ({ signal }) => callApiData(getWebhookSecretCall, { signal }),
    gcTime: 0,
    staleTime: Infinity,
  });
}

/** rotate-webhook-secret: the new secret replaces the old one in the cache at once. */
export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApiData(rotateWebhookSecretCall),
    onSuccess: (answer) => client.setQueryData(queryKeys.developer('webhook-secret'), answer),
  });
}

/** The person's deliveries, newest first, a page at a time (get-webhook-deliveries). */
export function useWebhookDeliveries() {
  return useInfiniteQuery({
    queryKey: queryKeys.developer('webhook-deliveries'),
    queryFn: ({ signal, pageParam }) => callApiData(getWebhookDeliveriesCall, { signal, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore && page.nextCursor ? page.nextCursor : undefined),
  });
}
