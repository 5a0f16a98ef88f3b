import type { AuthUser } from '@app/shared/api/auth';
import type { User } from '@app/shared/server/db';
import { largeAvatarRef } from '@app/shared/server/media/avatar-variants';
import type { MediaUrls } from '@app/shared/server/storage';

/** The person as the client sees them: never tokens, hashes or moderation fields. */
export function toAuthUser(user: User, urls: MediaUrls): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    avatar: urls.url(user.avatar_url),
    avatarLarge: urls.url(largeAvatarRef(user.avatar_url)),
    tier: user.tier,
    credits: user.credits,
    shareToFeed: user.share_to_feed,
    onboarding_completed: user.onboarding_completed,
    media_upload_agreed: user.media_upload_agreed,
    createdAt: user.created_at.toISOString(),
  };
}
