import type { AdminMediaRow } from '../../api/admin';
import type { FeedItem, TrendingItem } from '../../api/feed';
import type { MediaItem, RunMedia } from '../../api/media';
import type { RunReceipt } from '../../api/run-receipt';
import type { StoryHeroStill, TagPage } from '../../api/stories';
import type { Creator } from '../../api/creators';
import type { Media, User } from '../db/schema';
import type { FeedRow, FileStill } from '../db/repositories/feed.repository';
import type { MediaUrls } from '../storage/media-urls';
import { largeAvatarRef } from './avatar-variants';

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
  | 'variants'
  | 'tags'
  | 'cloudinary_public_id'
  | 'created_at'
>;

/** A video result as the worker stores it: `videoUrl` holds a media reference (a key of ours). */
interface StoredVideoResult {
  videoUrl?: unknown;
}

/**
 * How an answer addresses an item's files (issue 42): plainly (CDN-cacheable) while the item is
 * publicly listed, else by short-lived signed addresses, which only its owner (or an admin) is given.
 */
type Address = (ref: string | null) => string | null;

function addressing(urls: MediaUrls, listed: boolean): Address {
  return (ref) => urls.urlFor(ref, listed);
}

/** The stored metadata with its media references (`imageUrl`, each result's `videoUrl`) made addresses. */
function withAddresses(metadata: Record<string, unknown>, address: Address): Record<string, unknown> {
  const resolved: Record<string, unknown> = { ...metadata };
  if (typeof metadata.imageUrl === 'string') resolved.imageUrl = address(metadata.imageUrl);
  if (Array.isArray(metadata.videoResults)) {
    resolved.videoResults = (metadata.videoResults as StoredVideoResult[]).map((result) =>
      typeof result?.videoUrl === 'string' ? { ...result, videoUrl: address(result.videoUrl) } : result,
    );
  }
  return resolved;
}

/** An item's stored variants as the answers carry them (`mediaVariantSchema`): the feed's, a tag tile's, a story hero's. */
function addressedVariants(variants: Media['variants'], address: Address) {
  return (variants ?? []).map((v) => ({ url: address(v.key)!, width: v.width, format: v.format }));
}

/** A story's hero that is a creation's full still: that creation's stored sizes (issue 47), addressed like the hero. */
export function toStoryHeroStill(still: FileStill, urls: MediaUrls): StoryHeroStill {
  const address: Address = (ref) => urls.url(ref);
  return { width: still.width, height: still.height, thumbnailUrl: address(still.thumbnail_url), variants: addressedVariants(still.variants, address) };
}

function core(row: MediaColumns, address: Address) {
  const metadata = withAddresses(row.metadata as Record<string, unknown>, address);
  const finalUrl = address(row.final_url);
  return {
    id: row.id,
    userId: row.user_id,
    mediaType: row.type === 'video' ? ('video' as const) : ('photo' as const),
    presetType: row.preset_type,
    presetKey: row.preset_key,
    prompt: row.prompt,
    finalUrl,
    imageUrl: typeof metadata.imageUrl === 'string' ? metadata.imageUrl : finalUrl,
    thumbnailUrl: address(row.thumbnail_url),
    width: row.width,
    height: row.height,
    variants: addressedVariants(row.variants, address),
    tags: row.tags,
    likes_count: row.likes_count,
    createdAt: row.created_at.toISOString(),
    cloudinaryPublicId: row.cloudinary_public_id,
    metadata,
  };
}

/** A media item as its owner sees it (getUserMedia; spec 2 §3), with its run's receipt when given. */
export function toMediaItem(media: Media, urls: MediaUrls, receipt?: RunReceipt): MediaItem {
  // Signed even while the item is public: the owner's addresses must keep working when they make
  // it private (the library keeps the ones it has), and nobody else is given these views.
  const view = core(media, addressing(urls, false));
  return {
    ...view,
    runId: media.run_id,
    url: view.finalUrl,
    type: media.preset_type,
    status: media.status,
    isPublic: media.is_public,
    expiresAt: media.expires_at?.toISOString() ?? null,
    metadata: { ...view.metadata, width: media.width, height: media.height },
    ...(receipt ? { receipt } : {}),
    variationOf: media.variation_of,
    // The owner's own view only: they read "Hidden by moderation" or "Waiting for review".
    moderation: { state: media.moderation, reason: media.moderation_reason },
  };
}

/** The item of getMediaByRunId, where spec 1 §7 reads `type` as the media kind. */
export function toRunMedia(media: Media, urls: MediaUrls, receipt?: RunReceipt): RunMedia {
  return { ...toMediaItem(media, urls, receipt), type: media.type, created_at: media.created_at.toISOString() };
}

/** A row of the admin's Media tab (spec 3 §7): every field, the source photo included. */
export function toAdminMediaRow(media: Media, urls: MediaUrls): AdminMediaRow {
  // Signed whatever the item's state: the admin sees banned owners' and held items too.
  const view = core(media, addressing(urls, false));
  return {
    id: media.id,
    user_id: media.user_id,
    type: media.type,
    finalUrl: view.finalUrl,
    image_url: view.imageUrl,
    created_at: media.created_at.toISOString(),
    status: media.status,
    prompt: media.prompt,
    source_url: urls.privateUrl(media.source_url),
    likes_count: media.likes_count,
    preset_type: media.preset_type,
    is_public: media.is_public,
    metadata: view.metadata,
    run_id: media.run_id,
  };
}

/**
 * A feed item (spec 1 §3). `source_url` is the uploader's original photo (usually a face):
 * the field stays, as the spec names it, but it is filled only for the item's owner.
 */
/** An item of a tag page (spec 3 §3 tag page response). */
export function toTagMedia(row: FeedRow, urls: MediaUrls): TagPage['media'][number] {
  const view = core(row, addressing(urls, true));
  return {
    id: row.id,
    image_url: view.imageUrl,
    prompt: row.prompt,
    user_avatar: urls.url(row.avatar_url),
    user_name: displayName(row),
    user_username: row.username,
    likes_count: row.likes_count,
    created_at: row.created_at.toISOString(),
    width: row.width,
    height: row.height,
    variants: view.variants,
  };
}

/**
 * `listed`: false for a row its owner is shown though strangers are not (their private item's
 * page, their own likes), whose files then get signed addresses.
 */
export function toFeedItem(row: FeedRow, urls: MediaUrls, viewerId?: string, listed = true): FeedItem {
  const { metadata, ...view } = core(row, addressing(urls, listed));
  return {
    ...view,
    mediaType: row.type === 'video' ? 'video' : 'image',
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    user: { avatar: urls.url(row.avatar_url), tier: row.tier ?? 'free', name: displayName(row), username: row.username },
    type: row.preset_type,
    source_url: viewerId !== undefined && row.user_id === viewerId ? urls.privateUrl(row.source_url) : null,
    metadata: {
      videoResults: Array.isArray(metadata.videoResults) ? metadata.videoResults : [],
      totalVideos: typeof metadata.totalVideos === 'number' ? metadata.totalVideos : 0,
      successfulVideos: typeof metadata.successfulVideos === 'number' ? metadata.successfulVideos : 0,
      ...(metadata.identity ? { identity: metadata.identity } : {}),
    },
  };
}

/** A creator's public page header: never their e-mail or anything only they may see. */
export function toCreator(
  user: Pick<User, 'id' | 'username' | 'name' | 'avatar_url' | 'created_at'> & { username: string },
  stats: { creations: number; likes: number; followers: number; following: number; viewerFollows: boolean },
  urls: MediaUrls,
): Creator {
  return {
    id: user.id,
    username: user.username,
    name: user.name?.trim() || null,
    avatar: urls.url(user.avatar_url),
    avatarLarge: urls.url(largeAvatarRef(user.avatar_url)),
    creations: stats.creations,
    likes: stats.likes,
    joinedAt: user.created_at.toISOString(),
    followers: stats.followers,
    following: stats.following,
    viewerFollows: stats.viewerFollows,
  };
}

/** Likes fade with age: likes × e^(−age in days / decayDays). */
export function toTrendingItem(row: FeedRow, urls: MediaUrls, now: Date, decayDays: number, viewerId?: string): TrendingItem {
  const ageDays = (now.getTime() - row.created_at.getTime()) / 86_400_000;
  return { ...toFeedItem(row, urls, viewerId), trendingScore: row.likes_count * Math.exp(-ageDays / decayDays) };
}

/** What the feed calls a creator: their name, else their username; null when they chose neither. */
function displayName(row: Pick<FeedRow, 'name' | 'username'>): string | null {
  return row.name?.trim() || row.username?.trim() || null;
}
