import { getUserSettingsCall, updateUserSettingsCall } from '@app/shared/api/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/toast-store';

export interface ShareToFeed {
  /** null until the settings are read. */
  value: boolean | null;
  saving: boolean;
  toggle: () => void;
}

/**
 * The Share to Feed setting (user-settings share_to_feed): new creations go to the public feed
 * while it is on. The switch moves at once and moves back if the server refuses; a setting
 * that cannot be read shows as on (the server's default).
 */
export function useShareToFeed(initial: boolean | null = null): ShareToFeed {
  const client = useQueryClient();
  const key = queryKeys.settings();
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await callApiData(getUserSettingsCall, { signal })).settings.share_to_feed,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: async (next: boolean) => (await callApiData(updateUserSettingsCall, { body: { share_to_feed: next } })).settings.share_to_feed,
    onMutate: (next: boolean) => {
      const previous = client.getQueryData<boolean>(key);
      client.setQueryData(key, next);
      return { previous };
    },
    onSuccess: (saved, next) => {
      client.setQueryData(key, saved);
      toast.success(
        next ? 'Sharing to Feed' : 'Sharing Paused',
        next ? 'New creations will appear in the public feed' : 'New creations stay private to you',
      );
    },
    onError: (error, _next, context) => {
      client.setQueryData(key, context?.previous);
      toast.error('Error', errorMessage(error, 'Could not update your sharing setting'));
    },
  });

  const value = query.data ?? (query.isError ? true : initial);
  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    if (value === null || isPending) return;
    mutate(!value);
  }, [value, isPending, mutate]);
  return { value, saving: isPending, toggle };
}
