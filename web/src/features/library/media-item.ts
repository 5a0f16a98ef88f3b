import { PRESET_TYPE_LABELS } from '@app/shared';

/** A media item of the library as the screens use it (spec 2 §3), and its display rules. */

export type LibraryMediaType = 'photo' | 'video' | '3d';
export type LibraryStatus = 'completed' | 'failed' | 'processing';

export interface VideoResult {
  videoUrl: string;
  success: boolean;
}

export interface IdentityCheck {
  score: number;
  threshold: number | null;
  attempts: number | null;
  passed: boolean | null;
}

export interface LibraryItem {
  id: string;
  userId: string | null;
  runId: string | null;
  mediaType: LibraryMediaType;
  /** The preset kind (cyber_siren, story_time…), from `type` or `presetType`. */
  presetType: string | null;
  presetKey: string | null;
  finalUrl: string | null;
  thumbnailUrl: string | null;
  prompt: string | null;
  status: LibraryStatus;
  createdAt: string | null;
  isPublic: boolean;
  likes: number;
  expiresAt: string | null;
  width: number | null;
  height: number | null;
  videoResults: VideoResult[];
  identity: IdentityCheck | null;
  /** A local stand-in while a generation runs (never sent to the server). */
  pending?: boolean;
}

export const DEFAULT_ASPECT_RATIO = 4 / 3;
export const DEFAULT_WIDTH = 800;
export const DEFAULT_HEIGHT = 600;
export const MODEL_3D_SIZE = 600;
/** Each item counts as 2 tokens used (spec 2 §9). */
export const TOKENS_PER_ITEM = 2;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function positive(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

function toMediaType(raw: Record<string, unknown>): LibraryMediaType {
  const value = text(raw.mediaType) ?? text(raw.type);
  if (value === 'video') return 'video';
  if (value === '3d') return '3d';
  return 'photo';
}

function toStatus(value: unknown): LibraryStatus {
  if (value === 'failed' || value === 'processing') return value;
  return 'completed';
}

function toVideoResults(value: unknown): VideoResult[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(record)
    .map((entry) => ({ videoUrl: text(entry.videoUrl) ?? '', success: entry.success !== false }))
    .filter((entry) => entry.videoUrl !== '');
}

function toIdentity(value: unknown): IdentityCheck | null {
  const raw = record(value);
  const score = typeof raw.score === 'number' && Number.isFinite(raw.score) ? raw.score : null;
  if (score === null) return null;
  return {
    score,
    threshold: typeof raw.threshold === 'number' ? raw.threshold : null,
    attempts: typeof raw.attempts === 'number' ? raw.attempts : null,
    passed: typeof raw.passed === 'boolean' ? raw.passed : null,
  };
}

const MEDIA_KINDS = new Set(['photo', 'video', '3d', 'image']);

/** Reads one item of getUserMedia; null when it has no id. */
export function toLibraryItem(value: unknown): LibraryItem | null {
  const raw = record(value);
  const id = text(raw.id);
  if (!id) return null;
  const metadata = record(raw.metadata);
  const typeField = text(raw.type);
  const presetType = text(raw.presetType) ?? (typeField && !MEDIA_KINDS.has(typeField) ? typeField : null) ?? text(metadata.presetType);
  return {
    id,
    userId: text(raw.userId),
    runId: text(raw.runId),
    mediaType: toMediaType(raw),
    presetType,
    presetKey: text(raw.presetKey) ?? text(metadata.presetKey),
    finalUrl: text(raw.finalUrl) ?? text(raw.url),
    thumbnailUrl: text(raw.thumbnailUrl),
    prompt: text(raw.prompt),
    status: toStatus(raw.status),
    createdAt: text(raw.createdAt) ?? text(raw.created_at),
    isPublic: raw.isPublic === true,
    likes: Math.max(0, positive(raw.likes_count) ?? 0),
    expiresAt: text(raw.expiresAt),
    width: positive(metadata.width) ?? positive(raw.width),
    height: positive(metadata.height) ?? positive(raw.height),
    videoResults: toVideoResults(metadata.videoResults),
    identity: toIdentity(metadata.identity),
  };
}

/** Without a prompt: 'Generated with {presetKey}', or 'AI Generated Content'. */
export function displayPrompt(item: Pick<LibraryItem, 'prompt' | 'presetKey'>): string {
  const prompt = item.prompt?.trim();
  if (prompt) return prompt;
  return item.presetKey ? `Generated with ${item.presetKey}` : 'AI Generated Content';
}

/** The width/height quotient from the metadata; 3D items are square; else 4:3. */
export function aspectRatioOf(item: Pick<LibraryItem, 'mediaType' | 'width' | 'height'>): number {
  if (item.mediaType === '3d') return 1;
  if (item.width && item.height) return item.width / item.height;
  return DEFAULT_ASPECT_RATIO;
}

export function sizeOf(item: Pick<LibraryItem, 'mediaType' | 'width' | 'height'>): { width: number; height: number } {
  if (item.mediaType === '3d') return { width: MODEL_3D_SIZE, height: MODEL_3D_SIZE };
  if (item.width && item.height) return { width: item.width, height: item.height };
  return { width: DEFAULT_WIDTH, height: DEFAULT_HEIGHT };
}

/** Where relative image paths are delivered from (the api serves stored media under /media). */
export const IMAGE_DELIVERY_PATH = '/media/';

/** Absolute, data: and blob: urls as they are; a bare storage path gets the delivery path. */
export function resolveMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^(https?:|data:|blob:)/i.test(url) || url.startsWith('/')) return url;
  return `${IMAGE_DELIVERY_PATH}${url.replace(/^\.?\/+/, '')}`;
}

export function presetLabel(presetType: string | null | undefined): string | null {
  if (!presetType) return null;
  const key = presetType.replace(/-/g, '_');
  if (Object.hasOwn(PRESET_TYPE_LABELS, key)) return PRESET_TYPE_LABELS[key as keyof typeof PRESET_TYPE_LABELS];
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}

export function isStoryTime(item: Pick<LibraryItem, 'presetType'>): boolean {
  return item.presetType === 'story_time';
}

/** Story Time shows 'Generating Videos...' until its metadata has a video. */
export function isAwaitingVideos(item: Pick<LibraryItem, 'presetType' | 'videoResults' | 'status'>): boolean {
  return item.status !== 'failed' && isStoryTime(item) && !item.videoResults.some((video) => video.success);
}

/** The file a viewer plays or a download fetches: a video's first clip, else the final url. */
export function mediaSourceUrl(item: LibraryItem): string | null {
  const video = item.videoResults.find((entry) => entry.success);
  if (item.mediaType === 'video' && video) return resolveMediaUrl(video.videoUrl);
  return resolveMediaUrl(item.finalUrl);
}

/** What a grid card shows: the thumbnail when there is one. */
export function previewUrl(item: LibraryItem): string | null {
  return resolveMediaUrl(item.thumbnailUrl) ?? (item.mediaType === 'video' ? null : resolveMediaUrl(item.finalUrl));
}

export function isVideo(item: Pick<LibraryItem, 'mediaType'>): boolean {
  return item.mediaType === 'video';
}

const VIEWER_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', hour12: true });
const CARD_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** US-English short date with 12-hour time, or 'Unknown date' (spec 1 §9). */
export function formatViewerDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? VIEWER_DATE.format(date) : 'Unknown date';
}

export function formatCardDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? CARD_DATE.format(date) : '';
}

/** 'Identity 0.93'. */
export function identityLabel(identity: IdentityCheck): string {
  return `Identity ${identity.score.toFixed(2)}`;
}
