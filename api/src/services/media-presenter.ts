import type { AdminMediaRow } from '@app/shared/api/admin';
import type { FeedItem, TrendingItem } from '@app/shared/api/feed';
import type { MediaItem, RunMedia } from '@app/shared/api/media';
import type { RunReceipt } from '@app/shared/api/run-receipt';
import type { TagPage } from '@app/shared/api/stories';
import type { Creator } from '@app/shared/api/creators';
import type { Media, User } from '@app/shared/server/db';
import type { FeedRow } from '@app/shared/server/repositories';

/** The columns every view of a media item is made from (a media row, or a feed row joined to its creator). */
type MediaColumns = Pick<
  Media,
  | 'id'
  | 'user_id'
  | 'type'
  | 'preset_type'
  | 'preset_key'
  | 'prompt'
  | 'final_url'
  | 'thumbnail_url'
  | 'width'
  | 'height'
  | 'likes_count'
  | 'metadata'
  | 'tags'
  | 'cloudinary_public_id'
  | 'created_at'
>;

function core(row: MediaColumns) {
  const metadata = row.metadata as Record<string, unknown>;
  return {
    id: row.id,
    userId: row.user_id,
    mediaType: row.type === 'video' ? ('video' as const) : ('photo' as const),
    presetType: row.preset_type,
    presetKey: row.preset_key,
    prompt: row.prompt,
    finalUrl: row.final_url,
    imageUrl: typeof metadata.imageUrl === 'string' ? metadata.imageUrl : row.final_url,
    thumbnailUrl: row.thumbnail_url,
    width: row.width,
    height: row.height,
    tags: row.tags,
    likes_count: row.likes_count,
    createdAt: row.created_at.toISOString(),
    cloudinaryPublicId: row.cloudinary_public_id,
  };
}

/** A media item as its owner sees it (getUserMedia; spec 2 §3), with its run's receipt when given. */
export function toMediaItem(media: Media, receipt?: RunReceipt): MediaItem {
  return {
    ...core(media),
    runId: media.run_id,
    url: media.final_url,
    type: media.preset_type,
    status: media.status,
    isPublic: media.is_public,
    expiresAt: media.expires_at?.toISOString() ?? null,
    metadata: { ...(media.metadata as Record<string, unknown>), width: media.width, height: media.height },
    ...(receipt ? { receipt } : {}),
  };
}

/** The item of getMediaByRunId, where spec 1 §7 reads `type` as the media kind. */
export function toRunMedia(media: Media): RunMedia {
  return { ...toMediaItem(media), type: media.type, created_at: media.created_at.toISOString() };
}

/** @deprecated the former name of toRunMedia, kept while generation.service.ts moves over. */
export const toMediaView = toRunMedia;

/** A row of the admin's Media tab (spec 3 §7): every field, the source photo included. */
export function toAdminMediaRow(media: Media): AdminMediaRow {
  const view = core(media);
  return {
    id: media.id,
    user_id: media.user_id,
    type: media.type,
    finalUrl: media.final_url,
    image_url: view.imageUrl,
    created_at: media.created_at.toISOString(),
    status: media.status,
    prompt: media.prompt,
    source_url: media.source_url,
    likes_count: media.likes_count,
    preset_type: media.preset_type,
    is_public: media.is_public,
    metadata: media.metadata,
  };
}

/**
 * A feed item (spec 1 §3). `source_url` is the uploader's original photo (usually a face):
 * the field stays, as the spec names it, but it is filled only for the item's owner.
 */
/** An item of a tag page (spec 3 §3 tag page response). */
export function toTagMedia(row: FeedRow): TagPage['media'][number] {
  return {
    id: row.id,
    image_url: core(row).imageUrl,
    prompt: row.prompt,
    user_avatar: row.avatar_url,
    user_name: displayName(row),
    user_username: row.username,
    likes_count: row.likes_count,
    created_at: row.created_at.toISOString(),
  };
}

export function toFeedItem(row: FeedRow, viewerId?: string): FeedItem {
  const metadata = row.metadata as Record<string, unknown>;
  return {
    ...core(row),
    mediaType: row.type === 'video' ? 'video' : 'image',
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    user: { avatar: row.avatar_url, tier: row.tier ?? 'free', name: displayName(row), username: row.username },
    type: row.preset_type,
    source_url: viewerId !== undefined && row.user_id === viewerId ? row.source_url : null,
    metadata: {
      videoResults: Array.isArray(metadata.videoResults) ? metadata.videoResults : [],
      totalVideos: typeof metadata.totalVideos === 'number' ? metadata.totalVideos : 0,
      successfulVideos: typeof metadata.successfulVideos === 'number' ? metadata.successfulVideos : 0,
      ...(metadata.identity ? { identity: metadata.identity } : {}),
    },
  };
}

/** A creator's public page header: never their e-mail or anything only they may see. */
export function toCreator(user: Pick<User, 'username' | 'name' | 'avatar_url' | 'created_at'> & { username: string }, stats: { creations: number; likes: number }): Creator {
  return {
    username: user.username,
    name: user.name?.trim() || null,
    avatar: user.avatar_url,
    creations: stats.creations,
    likes: stats.likes,
    joinedAt: user.created_at.toISOString(),
  };
}

/** Likes fade with age: likes × e^(−age in days / decayDays). */
export function toTrendingItem(row: FeedRow, now: Date, decayDays: number, viewerId?: string): TrendingItem {
  const ageDays = (now.getTime() - row.created_at.getTime()) / 86_400_000;
  return { ...toFeedItem(row, viewerId), trendingScore: row.likes_count * Math.exp(-ageDays / decayDays) };
}

/** What the feed calls a creator: their name, else their username; null when they chose neither. */
function displayName(row: Pick<FeedRow, 'name' | 'username'>): string | null {
  return row.name?.trim() || row.username?.trim() || null;
}
