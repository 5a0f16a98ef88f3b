import type { MediaItem } from '../../entities/media/media-item';
import { fromRunMedia } from '../../entities/media/media-item';
import { isTerminal, type RunCard, startedHere } from '../../state/run-store';

/** A local card for a run in progress or one that failed or was canceled here (it keeps Retry). */
function standIn(run: RunCard, status: 'processing' | 'failed'): MediaItem {
  return {
    id: `${status === 'failed' ? 'failed' : 'pending'}-${run.runId}`,
    userId: null,
    runId: run.runId,
    mediaType: 'photo',
    presetType: null,
    presetKey: null,
    // The look's name for a preset run ('The Syndicate', 'Story Time'), else the person's prompt.
    prompt: run.look ?? run.prompt,
    url: null,
    posterUrl: null,
    thumbnailUrl: null,
    variants: [],
    width: null,
    height: null,
    aspectRatio: 1,
    createdAt: new Date(run.startedAt).toISOString(),
    likes_count: 0,
    isPublic: false,
    status,
    videoResults: [],
    identity: null,
    tags: [],
    creator: null,
    pending: true,
    charged: run.cost,
    ...(run.phase === 'canceled' ? { canceled: true } : {}),
  };
}

const newestFirst = (a: MediaItem, b: MediaItem) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

/**
 * The grid's cards for runs the server's list does not have yet: first those in progress or ended
 * here without media (in the runs' order), then the done runs' media, newest first as the server
 * lists it, so nothing moves when the refetch brings them. A done run's media comes with its
 * receipt: it opens in the viewer complete before the library reloads.
 */
export function runItems(runs: readonly RunCard[], served: readonly MediaItem[]): MediaItem[] {
  const known = new Set(served.map((item) => item.runId).filter(Boolean));
  const shown = new Set(served.map((item) => item.id));
  const waiting: MediaItem[] = [];
  const done: MediaItem[] = [];
  for (const run of runs) {
    if (known.has(run.runId)) continue;
    if (run.phase === 'done') {
      if (run.media) done.push(fromRunMedia(run.media));
    } else if (startedHere(run)) {
      waiting.push(standIn(run, isTerminal(run) ? 'failed' : 'processing'));
    }
  }
  return waiting.concat(done.sort(newestFirst)).filter((item) => !shown.has(item.id));
}
