import { toast } from '../../components/toast/toast-store';
import { getAuthState } from '../../state/auth-store';
import { announce } from '../../lib/app-events';
import { getUploadManager } from '../upload';
import { createDraft, type Draft } from '../../entities/draft/drafts-api';

/** Defaults of spec 1 §3. */
export const DRAFT_DEFAULTS = { width: 800, height: 600, aspectRatio: '4/3', prompt: 'Untitled draft' } as const;

export const DRAFT_TEXT = {
  saved: ['Draft Saved', 'Your draft has been saved successfully!'],
  failed: ['Save Failed', 'Could not save draft. Please try again.'],
} as const;

export interface SaveDraftInput {
  /** The picked file (uploaded first). */
  file?: File | Blob | null;
  /** A blob: URL of the composer's preview (read and uploaded first). */
  blobUrl?: string | null;
  /** A media URL already stored (kept as it is). */
  url?: string | null;
  prompt?: string | null;
  mediaType?: 'photo' | 'video' | null;
  width?: number | null;
  height?: number | null;
  metadata?: Record<string, unknown>;
}

export interface SaveDraftDeps {
  upload: (file: Blob) => Promise<string>;
  create: typeof createDraft;
  isSignedIn: () => boolean;
  readBlob: (blobUrl: string) => Promise<Blob>;
  /** After a save: the drafts list is stale (the composer invalidates `queryKeys.drafts()`). */
  onSaved?: (draft: Draft) => void;
}

const defaultDeps: SaveDraftDeps = {
  upload: async (file) => (await getUploadManager().upload(file, { folder: 'sources', silent: true })).url,
  create: createDraft,
  isSignedIn: () => getAuthState().isAuthenticated,
  readBlob: async (blobUrl) => (await fetch(blobUrl)).blob(),
};

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** '4/5' for 1024×1280; the default 4/3 without a size. */
export function aspectRatioText(width: number | null | undefined, height: number | null | undefined): string {
  if (!width || !height || width <= 0 || height <= 0) return DRAFT_DEFAULTS.aspectRatio;
  const w = Math.round(width);
  const h = Math.round(height);
  const divisor = greatestCommonDivisor(w, h) || 1;
  return `${w / divisor}/${h / divisor}`;
}

function isBlobUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('blob:');
}

/**
 * Where the draft's media will live: a file or blob source is uploaded to the media cloud
 * (the sources folder) first; when that fails the blob URL itself is kept (spec 1 §4).
 */
async function resolveMediaUrl(input: SaveDraftInput, deps: SaveDraftDeps): Promise<string | null> {
  const blobUrl = isBlobUrl(input.blobUrl) ? input.blobUrl : isBlobUrl(input.url) ? input.url : null;
  if (input.file) {
    try {
      return await deps.upload(input.file);
    } catch {
      return blobUrl ?? URL.createObjectURL(input.file);
    }
  }
  if (blobUrl) {
    try {
      return await deps.upload(await deps.readBlob(blobUrl));
    } catch {
      return blobUrl;
    }
  }
  return input.url?.trim() || null;
}

/**
 * Saves the composer's media and prompt as a draft (spec 1 §4, spec 2 §4). Needs a signed-in
 * user and media. Tells the user how it went, fires `draftSaved` on success and returns the
 * draft (null on failure).
 */
export async function saveDraft(input: SaveDraftInput, overrides: Partial<SaveDraftDeps> = {}): Promise<Draft | null> {
  const deps = { ...defaultDeps, ...overrides };
  if (!deps.isSignedIn()) {
    toast.error(...DRAFT_TEXT.failed);
    return null;
  }
  try {
    const mediaUrl = await resolveMediaUrl(input, deps);
    if (!mediaUrl) throw new Error('Saving a draft needs media');
    const width = input.width && input.width > 0 ? Math.round(input.width) : DRAFT_DEFAULTS.width;
    const height = input.height && input.height > 0 ? Math.round(input.height) : DRAFT_DEFAULTS.height;
    const mediaType = input.mediaType ?? (input.file?.type.startsWith('video/') ? 'video' : 'photo');
    const { draft } = await deps.create({
      media_url: mediaUrl,
      prompt: input.prompt?.trim() || DRAFT_DEFAULTS.prompt,
      media_type: mediaType,
      aspect_ratio: input.width && input.height ? aspectRatioText(width, height) : DRAFT_DEFAULTS.aspectRatio,
      width,
      height,
      metadata: { ...input.metadata, savedFrom: input.metadata?.savedFrom ?? 'composer', savedAt: new Date().toISOString() },
    });
    toast.success(...DRAFT_TEXT.saved);
    announce('draftSaved', { draft });
    deps.onSaved?.(draft);
    return draft;
  } catch {
    toast.error(...DRAFT_TEXT.failed);
    return null;
  }
}
