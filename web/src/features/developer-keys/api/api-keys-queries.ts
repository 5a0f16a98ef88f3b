import { createApiKeyCall, getApiKeysCall, revokeApiKeyCall } from '@app/shared/api/api-keys';
import type { CallRequest } from '@app/shared/api/define-call';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The person's live keys and how many they may hold (get-api-keys). */
export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.developer('api-keys'), queryFn: ({ signal }) => callApiData(getApiKeysCall, { signal }) });
}

/** create-api-key: the answer holds the key itself, this once; the list is read again. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof createApiKeyCall>) => callApiData(createApiKeyCall, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.developer('api-keys') }),
  });
}

/** revoke-api-key: the key stops working on its next call; the list is read again. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApiData(revokeApiKeyCall, { body: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.developer('api-keys') }),
  });
}
