import { getCreatorCall } from '@app/shared/api/creators';
import { type FollowAnswer, followCreatorCall, unfollowCreatorCall } from '@app/shared/api/follows';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { showSignUpPrompt } from '../../components/signup-prompt/signup-prompt-store';
import { toast } from '../../components/toast/toast-store';
import { createStore, useStore } from '../../lib/create-store';
import { useAuth } from '../../state/use-auth';

/** What the server last answered a follow or unfollow with in this tab, by `<viewer id>:<creator id>`. */
type Answers = Readonly<Record<string, Pick<FollowAnswer, 'viewerFollows' | 'followers'>>>;
const followAnswers = createStore<Answers>({});

export const FOLLOW_FAILED_MESSAGE = "Couldn't update the follow. Please try again.";

export interface UseFollow {
  /** Whether the signed-in person follows them: the latest answer of this tab, else what the page said. */
  following: boolean;
  /** Their followers: the latest answer, else `known` (null when neither says). */
  followers: number | null;
  pending: boolean;
  /** A visitor sees the sign-up prompt; a signed-in person follows or unfollows. */
  toggle(): void;
}

/**
 * Following one creator (`userId`), from what a page loaded (`known`: get-creator's answer)
 * and the server's answers since. Nothing is guessed: the button and the count change when the
 * server has answered, and the pages that count follows (creators, the Following feed) reload.
 */
export function useFollow(userId: string, known: { viewerFollows: boolean; followers?: number } | undefined): UseFollow {
  const { isAuthenticated, user } = useAuth();
  const client = useQueryClient();
  const key = `${user?.id ?? ''}:${userId}`;
  const answer = useStore(followAnswers)[key];
  const following = answer?.viewerFollows ?? known?.viewerFollows ?? false;
  const mutation = useMutation({
    mutationFn: (follow: boolean) => callApiData(follow ? followCreatorCall : unfollowCreatorCall, { body: { userId } }),
    onSuccess: (result) => followAnswers.set((now) => ({ ...now, [key]: { viewerFollows: result.viewerFollows, followers: result.followers } })),
    onError: () => toast.error(FOLLOW_FAILED_MESSAGE),
    // The creator pages count follows; the Following feed lists the follows' creations.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.creator() }), client.invalidateQueries({ queryKey: queryKeys.feed() })]),
  });
  return {
    following,
    followers: answer?.followers ?? known?.followers ?? null,
    pending: mutation.isPending,
    toggle: () => {
      if (!isAuthenticated) showSignUpPrompt('follow');
      else if (!mutation.isPending) mutation.mutate(!following);
    },
  };
}

/**
 * Whether the signed-in person follows the creator `username` (the viewer's button): get-creator's
 * `viewerFollows`, asked with one item. Undefined for a visitor and until it answers.
 */
export function useFollowStatus(username: string | null): { viewerFollows: boolean } | undefined {
  const { isAuthenticated, user } = useAuth();
  const viewerId = isAuthenticated ? (user?.id ?? null) : null;
  const { data } = useQuery({
    queryKey: queryKeys.followStatus(username?.toLowerCase() ?? '', viewerId ?? ''),
    queryFn: ({ signal }) => callApiData(getCreatorCall, { signal, query: { username: username ?? '', limit: 1 } }),
    enabled: viewerId !== null && username !== null,
    select: (answer) => ({ viewerFollows: answer.creator.viewerFollows }),
    staleTime: 30_000,
  });
  return data;
}
