import { COST_IMAGE, COST_VIDEO, PRESET_TYPE_LABELS, findPreset, isPresetType } from '@app/shared';

/** A feed item as getPublicFeed / getTrending send it (spec 1 §3, "feed item as received"). */
export interface RawFeedItem {
  id?: unknown;
  user_id?: unknown;
  user?: { avatar?: unknown; tier?: unknown; name?: unknown } | null;
  mediaType?: unknown;
  finalUrl?: unknown;
  imageUrl?: unknown;
  thumbnailUrl?: unknown;
  prompt?: unknown;
  presetKey?: unknown;
  type?: unknown;
  created_at?: unknown;
  source_url?: unknown;
  likes_count?: unknown;
  width?: unknown;
  height?: unknown;
  tags?: unknown;
  metadata?: Record<string, unknown> | null;
  cloudinaryPublicId?: unknown;
  trendingScore?: unknown;
}

/** The identity check stored with a media item (score, threshold, attempts). */
export interface IdentityInfo {
  applicable: boolean | null;
  score: number | null;
  threshold: number | null;
  attempts: number | null;
  passed: boolean | null;
}

/** A feed item as the screens show it: a photo or a video, always public. */
export interface FeedItem {
  id: string;
  userId: string | null;
  creator: { name: string | null; avatar: string | null; tier: string | null };
  type: 'photo' | 'video';
  /** The full media (an mp4 for videos). Always http(s). */
  url: string;
  /** The still shown before a video plays (or the image itself). */
  posterUrl: string | null;
  /** A small image for grid tiles (480 px). */
  thumbnailUrl: string | null;
  prompt: string;
  presetKey: string | null;
  /** The preset type as stored, e.g. unreal_reflection. */
  presetType: string | null;
  createdAt: string | null;
  sourceUrl: string | null;
  likes_count: number;
  width: number | null;
  height: number | null;
  /** width / height; 4/5 when the size is not known. */
  aspectRatio: number;
  /** 2 for images, 5 for videos (spec 1 §3). */
  tokensUsed: number;
  isPublic: true;
  tags: string[];
  videoResults: string[];
  totalVideos: number;
  identity: IdentityInfo | null;
  cloudinaryPublicId: string | null;
  trendingScore: number | null;
}

export const DEFAULT_ASPECT_RATIO = 4 / 5;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

function identityOf(metadata: Record<string, unknown>): IdentityInfo | null {
  const raw = metadata.identity;
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  return {
    applicable: typeof record.applicable === 'boolean' ? record.applicable : null,
    score: num(record.score),
    threshold: num(record.threshold),
    attempts: num(record.attempts),
    passed: typeof record.passed === 'boolean' ? record.passed : null,
  };
}

/**
 * Maps one received item (spec 1 §3). Items whose finalUrl / imageUrl does not start with http
 * are skipped: null.
 */
export function toFeedItem(raw: RawFeedItem): FeedItem | null {
  const finalUrl = isHttpUrl(raw.finalUrl) ? raw.finalUrl : null;
  const imageUrl = isHttpUrl(raw.imageUrl) ? raw.imageUrl : null;
  const url = finalUrl ?? imageUrl;
  const id = raw.id === undefined || raw.id === null ? null : String(raw.id);
  if (!url || !id) return null;

  const metadata = raw.metadata ?? {};
  const videoResults = (Array.isArray(metadata.videoResults) ? metadata.videoResults : [])
    .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { videoUrl?: unknown }).videoUrl : null))
    .filter(isHttpUrl);
  const isVideo = raw.mediaType === 'video' || /\.(mp4|webm|mov)(\?|$)/i.test(url);
  const thumbnailUrl = isHttpUrl(raw.thumbnailUrl) ? raw.thumbnailUrl : null;
  const still = imageUrl && !/\.(mp4|webm|mov)(\?|$)/i.test(imageUrl) ? imageUrl : null;
  const width = num(raw.width);
  const height = num(raw.height);

  return {
    id,
    userId: text(raw.user_id),
    creator: { name: text(raw.user?.name), avatar: text(raw.user?.avatar), tier: text(raw.user?.tier) },
    type: isVideo ? 'video' : 'photo',
    url,
    posterUrl: isVideo ? (still ?? thumbnailUrl) : url,
    thumbnailUrl,
    prompt: text(raw.prompt) ?? '',
    presetKey: text(raw.presetKey),
    presetType: text(raw.type),
    createdAt: text(raw.created_at),
    sourceUrl: text(raw.source_url),
    likes_count: Math.max(0, num(raw.likes_count) ?? 0),
    width,
    height,
    aspectRatio: width && height && width > 0 && height > 0 ? width / height : DEFAULT_ASPECT_RATIO,
    tokensUsed: isVideo ? COST_VIDEO : COST_IMAGE,
    isPublic: true,
    tags: Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    videoResults,
    totalVideos: num(metadata.totalVideos) ?? videoResults.length,
    identity: identityOf(metadata),
    cloudinaryPublicId: text(raw.cloudinaryPublicId),
    trendingScore: num(raw.trendingScore),
  };
}

/** Maps a page, skipping items without an http URL and repeats. */
export function toFeedItems(raw: readonly RawFeedItem[], seen: ReadonlySet<string> = new Set()): FeedItem[] {
  const ids = new Set(seen);
  const items: FeedItem[] = [];
  for (const entry of raw) {
    const item = toFeedItem(entry);
    if (!item || ids.has(item.id)) continue;
    ids.add(item.id);
    items.push(item);
  }
  return items;
}

/** 'Unreal Reflection' for unreal_reflection (or unreal-reflection); the raw text for an unknown type. */
export function presetTypeLabel(presetType: string | null | undefined): string | null {
  if (!presetType) return null;
  const key = presetType.replace(/-/g, '_');
  if (isPresetType(key)) return PRESET_TYPE_LABELS[key];
  return presetType.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** The catalogue preset's label of an item ('The Syndicate'), or null (custom prompts, weekly presets). */
export function presetLabelOf(item: Pick<FeedItem, 'presetType' | 'presetKey'>): string | null {
  if (!item.presetType || !item.presetKey) return null;
  return findPreset(item.presetType.replace(/_/g, '-'), item.presetKey)?.label ?? null;
}

/** Story Time media without any video yet still shows 'Generating Videos...'. */
export function isWaitingForVideos(item: Pick<FeedItem, 'presetType' | 'videoResults' | 'type'>): boolean {
  return item.presetType === 'story_time' && item.videoResults.length === 0 && item.type !== 'video';
}

/** What the generation engine's optimistic item carries (spec 1 §3 media item, client view). */
export interface GeneratedLike {
  id: string;
  type: 'image' | 'video';
  url: string;
  finalUrl: string;
  thumbnailUrl: string;
  prompt: string;
  width: number;
  height: number;
  likes_count: number;
  presetKey: string | null;
  presetType: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** The engine's new item as a feed item (opened in the viewer, or put on top of the feed). */
export function feedItemFromGenerated(item: GeneratedLike, userId: string | null = null, creatorName: string | null = null): FeedItem | null {
  return toFeedItem({
    id: item.id,
    user_id: userId,
    user: creatorName ? { name: creatorName } : null,
    mediaType: item.type,
    finalUrl: item.finalUrl || item.url,
    imageUrl: item.type === 'video' ? item.thumbnailUrl : item.finalUrl || item.url,
    thumbnailUrl: item.thumbnailUrl,
    prompt: item.prompt,
    presetKey: item.presetKey,
    type: item.presetType,
    created_at: item.createdAt,
    likes_count: item.likes_count,
    width: item.width,
    height: item.height,
    metadata: item.metadata,
  });
}
