import { PRESET_TYPE_LABELS, findPresetLook, isPresetType } from '@app/shared';
import type { FeedItem as FeedAnswerItem } from '@app/shared/api/feed';
import type { MediaItem as LibraryAnswerItem, MediaVariant, RunMedia } from '@app/shared/api/media';
import type { OwnModeration } from '@app/shared/api/moderation';
import type { RunReceipt } from '@app/shared/api/run-receipt';

/**
 * One media item as every screen shows it (the feed, trending, the viewer, the profile and the
 * gallery), built from the server's answers once they are parsed by the shared schemas.
 */

/** The identity check stored with a media item (score, threshold, attempts). */
export interface IdentityCheck {
  applicable: boolean | null;
  score: number | null;
  threshold: number | null;
  attempts: number | null;
  passed: boolean | null;
}

export interface MediaCreator {
  name: string | null;
  avatar: string | null;
  /** Their page is /u/<username>; null when they have not picked one. */
  username: string | null;
}

export interface MediaItem {
  id: string;
  userId: string | null;
  runId: string | null;
  mediaType: 'photo' | 'video';
  /** The preset kind as stored, e.g. unreal_reflection. */
  presetType: string | null;
  presetKey: string | null;
  /** The person's prompt, or the catalogue's (see `captionOf` for what to show). */
  prompt: string | null;
  /** The full media: a video's first clip, else the stored file. */
  url: string | null;
  /** The still shown before a video plays, or the image itself. */
  posterUrl: string | null;
  /** A small image for grid tiles. */
  thumbnailUrl: string | null;
  /** Smaller WebP copies of the still (the server's), narrowest first: a tile's `srcset`. */
  variants: readonly MediaVariant[];
  width: number | null;
  height: number | null;
  /** width / height, DEFAULT_ASPECT_RATIO when the size is not known. */
  aspectRatio: number;
  createdAt: string | null;
  likes_count: number;
  isPublic: boolean;
  status: 'completed' | 'failed' | 'processing';
  /** The clips of a Story Time, in order. */
  videoResults: string[];
  identity: IdentityCheck | null;
  tags: string[];
  /** Who made it (the feed says; the owner's own items say nothing). */
  creator: MediaCreator | null;
  /** The engine that made it (metadata.provider: 'local', 'fal', …); absent when the answer does not say (the feed). */
  provider?: string | null;
  /** What the item's run cost and how it went (the owner's own items, when the server says). */
  receipt?: RunReceipt | null;
  /** A local stand-in for a run in progress or one that failed (never sent to the server). */
  pending?: boolean;
  /** A stand-in's run ended because the person canceled it, not because it failed. */
  canceled?: boolean;
  /** What a stand-in's run was charged when the server took it (its 202), null before. */
  charged?: number | null;
  /** The item this one is a variation of (the owner's library groups it there). */
  variationOf?: string | null;
  /** What holds the owner's item back from the public (issue 42); the server tells the owner only. */
  moderation?: OwnModeration | null;
}

/**
 * Spec 2 §3 fixes 4:3 (800×600) as a media item's default size. The server stores the size of
 * every render, so only old or odd items lack one, and tiles cover-crop their media, so a wrong
 * guess crops a little instead of showing bars. One default for every screen.
 */
export const DEFAULT_ASPECT_RATIO = 4 / 3;

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);
const VIDEO_FILE = /\.(mp4|webm|mov)(\?|#|$)/i;
/** Where relative media paths are delivered from (the api serves stored media under /media). */
const IMAGE_DELIVERY_PATH = '/media/';

/** Absolute, data: and blob: urls as they are; a bare storage path gets the delivery path. */
export function resolveMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^(https?:|data:|blob:)/i.test(url) || url.startsWith('/')) return url;
  return `${IMAGE_DELIVERY_PATH}${url.replace(/^\.?\/+/, '')}`;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function positive(value: unknown): number | null {
  const number = finite(value);
  return number !== null && number > 0 ? number : null;
}

function identityOf(value: unknown): IdentityCheck | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = record(value);
  const identity = {
    applicable: typeof raw.applicable === 'boolean' ? raw.applicable : null,
    score: finite(raw.score),
    threshold: finite(raw.threshold),
    attempts: finite(raw.attempts),
    passed: typeof raw.passed === 'boolean' ? raw.passed : null,
  };
  return identity.score === null && identity.applicable === null ? null : identity;
}

/** The clips that rendered, from metadata.videoResults ([{ videoUrl, success }]). */
function clipsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const clip = record(entry);
    const url = resolveMediaUrl(typeof clip.videoUrl === 'string' ? clip.videoUrl : null);
    return url && clip.success !== false ? [url] : [];
  });
}

function ratioOf(width: number | null, height: number | null): number {
  return width && height ? width / height : DEFAULT_ASPECT_RATIO;
}

/** A preset kind as stored: the feed and library say `custom` / `unreal-reflection` alike. */
function presetTypeOf(value: string | null | undefined): string | null {
  return value ? value.replace(/-/g, '_') : null;
}

/**
 * An item of getPublicFeed / getTrending (spec 1 §3). Items whose finalUrl / imageUrl does not
 * start with http are skipped: null.
 */
export function fromFeedItem(raw: FeedAnswerItem): MediaItem | null {
  const finalUrl = isHttpUrl(raw.finalUrl) ? raw.finalUrl : null;
  const imageUrl = isHttpUrl(raw.imageUrl) ? raw.imageUrl : null;
  const url = finalUrl ?? imageUrl;
  if (!url) return null;
  const isVideo = raw.mediaType === 'video' || VIDEO_FILE.test(url);
  const thumbnailUrl = isHttpUrl(raw.thumbnailUrl) ? raw.thumbnailUrl : null;
  const still = imageUrl && !VIDEO_FILE.test(imageUrl) ? imageUrl : null;
  const width = positive(raw.width);
  const height = positive(raw.height);
  return {
    id: raw.id,
    userId: raw.user_id ?? raw.userId,
    runId: null,
    mediaType: isVideo ? 'video' : 'photo',
    presetType: presetTypeOf(raw.type || raw.presetType),
    presetKey: raw.presetKey,
    prompt: raw.prompt,
    url,
    posterUrl: isVideo ? (still ?? thumbnailUrl) : url,
    thumbnailUrl,
    variants: raw.variants,
    width,
    height,
    aspectRatio: ratioOf(width, height),
    createdAt: raw.created_at || raw.createdAt,
    likes_count: Math.max(0, raw.likes_count),
    isPublic: true,
    status: 'completed',
    videoResults: clipsOf(raw.metadata.videoResults),
    identity: identityOf(raw.metadata.identity),
    tags: raw.tags,
    creator: { name: raw.user.name, avatar: raw.user.avatar, username: raw.user.username },
    moderation: raw.moderation ?? null,
  };
}

/** Maps a page, skipping items without an http URL and repeats of `seen`. */
export function fromFeedItems(raw: readonly FeedAnswerItem[], seen: ReadonlySet<string> = new Set()): MediaItem[] {
  const ids = new Set(seen);
  const items: MediaItem[] = [];
  for (const entry of raw) {
    const item = fromFeedItem(entry);
    if (!item || ids.has(item.id)) continue;
    ids.add(item.id);
    items.push(item);
  }
  return items;
}

/** An item of getUserMedia (spec 2 §3): its size is read from the metadata first. */
export function fromLibraryItem(raw: LibraryAnswerItem): MediaItem {
  const metadata = raw.metadata;
  const width = positive(metadata.width) ?? positive(raw.width);
  const height = positive(metadata.height) ?? positive(raw.height);
  const clips = clipsOf(metadata.videoResults);
  const file = resolveMediaUrl(raw.finalUrl ?? raw.url);
  const isVideo = raw.mediaType === 'video';
  const still = resolveMediaUrl(raw.imageUrl);
  return {
    id: raw.id,
    userId: raw.userId,
    runId: raw.runId,
    mediaType: raw.mediaType,
    presetType: presetTypeOf(raw.presetType || raw.type),
    presetKey: raw.presetKey,
    prompt: raw.prompt,
    url: (isVideo ? clips[0] : null) ?? file,
    posterUrl: isVideo ? (still && !VIDEO_FILE.test(still) ? still : resolveMediaUrl(raw.thumbnailUrl)) : file,
    thumbnailUrl: resolveMediaUrl(raw.thumbnailUrl),
    variants: raw.variants,
    width,
    height,
    aspectRatio: ratioOf(width, height),
    createdAt: raw.createdAt,
    likes_count: Math.max(0, raw.likes_count),
    isPublic: raw.isPublic,
    status: raw.status,
    videoResults: clips,
    identity: identityOf(metadata.identity),
    tags: raw.tags,
    creator: null,
    provider: typeof metadata.provider === 'string' ? metadata.provider : null,
    receipt: raw.receipt ?? null,
    variationOf: raw.variationOf ?? null,
    moderation: raw.moderation ?? null,
  };
}

/**
 * A run's media (getMediaByRunId, the run.done event): the owner's item, whose `type` names the
 * media kind rather than the preset kind. The one way a run's answer becomes a `MediaItem`.
 */
export function fromRunMedia(raw: RunMedia): MediaItem {
  return fromLibraryItem({ ...raw, type: raw.presetType });
}

/** 'Unreal Reflection' for unreal_reflection (or unreal-reflection); the words of an unknown type. */
export function presetTypeLabel(presetType: string | null | undefined): string | null {
  if (!presetType) return null;
  const key = presetType.replace(/-/g, '_');
  if (isPresetType(key)) return PRESET_TYPE_LABELS[key];
  return presetType.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** The name of an item's catalogue look ('The Syndicate'), or null (custom prompts, weekly presets). */
export function lookTitleOf(item: Pick<MediaItem, 'presetType' | 'presetKey'>): string | null {
  if (!item.presetType || !item.presetKey) return null;
  return findPresetLook(item.presetType.replace(/_/g, '-'), item.presetKey)?.label ?? null;
}

/** Story Time shows 'Generating Videos...' until it has a clip (and while it has not failed). */
export function isWaitingForVideos(item: Pick<MediaItem, 'presetType' | 'videoResults' | 'status'>): boolean {
  return item.status !== 'failed' && item.presetType === 'story_time' && item.videoResults.length === 0;
}

/** Whether the item can be viewed, downloaded and shared: rendered, and not a local stand-in. */
export function isReady(item: Pick<MediaItem, 'status' | 'pending'>): boolean {
  return !item.pending && item.status === 'completed';
}

/** What a grid tile shows: the thumbnail, else the still. */
export function previewUrlOf(item: Pick<MediaItem, 'thumbnailUrl' | 'posterUrl'>): string | null {
  return item.thumbnailUrl ?? item.posterUrl;
}

