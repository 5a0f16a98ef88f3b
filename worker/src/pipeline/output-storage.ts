import { generationCost, type PresetDefinition } from '@app/shared';
import type { NewMedia } from '@app/shared/server/db';
import { deterministicUuid } from '@app/shared/server/media';
import type { Storage } from '@app/shared/server/storage';
import type { StoredRunRequest } from '@app/shared/server/generation/stored-request';
import sharp from 'sharp';
import type { Output } from './produce-output';
import { VARIANT_WIDTHS, storeVariants } from './image-variants';
import { deriveTags } from './tags';

export interface OutputOwner {
  runId: string;
  userId: string;
  /** The person's share-to-feed setting when the run finished. */
  isPublic: boolean;
}

export type RunMediaRow = NewMedia & { run_id: string; output_index: number };

/**
 * Writes a run's output to storage (a JPEG, a WebP thumbnail, and its clips) and describes the
 * media row that points at them, with what it costs: an image, a video, or each Story Time clip
 * made. Keys derive from the run id, so a retried job overwrites rather than duplicates. The row
 * names its files by key (`final_url`, `thumbnail_url`, `source_url`, metadata's `imageUrl` and
 * `videoUrl`): the api makes their addresses when it answers (MediaUrls).
 */
export async function storeOutput(
  storage: Storage,
  owner: OutputOwner,
  request: StoredRunRequest,
  preset: PresetDefinition | undefined,
  output: Output,
  /** The grid widths to store; the bench passes none to measure what variants cost. */
  variantWidths: readonly number[] = VARIANT_WIDTHS,
): Promise<{ row: RunMediaRow; cost: number }> {
  const id = deterministicUuid(`${owner.runId}:0`);
  // One folder per media item, so deleting it is one prefix. A retried run's files go to a
  // folder of their own inside it: files are served immutable, so a URL must never change content.
  const base = `users/${owner.userId}/media/${id}${request.retry ? `/retry-${request.retry}` : ''}`;
  // libjpeg-turbo with optimised Huffman tables, not mozjpeg: about 15 % more bytes for an eighth
  // of the CPU (190 → 23 ms at 1024 px), and a worker is CPU-bound. WebP effort 2 halves the
  // thumbnail's time for the same size (docs/performance.md).
  // One decode of the still serves every encode (sharp clones share the input).
  const still = sharp(output.still.data);
  const [full, thumb, variants] = await Promise.all([
    still.clone().jpeg({ quality: 90, optimiseCoding: true }).toBuffer(),
    still.clone().resize({ width: 480, withoutEnlargement: true }).webp({ quality: 82, effort: 2 }).toBuffer(),
    storeVariants(storage, base, still, output.still.width, variantWidths),
  ]);
  await storage.put(`${base}/full.jpg`, full, { contentType: 'image/jpeg', immutable: true });
  await storage.put(`${base}/thumb.webp`, thumb, { contentType: 'image/webp', immutable: true });
  const imageKey = `${base}/full.jpg`;
  let storageKey = imageKey;
  // What it costs comes from the one price function the submit charged by (`generationCost`),
  // applied to what was made: a still, a video, or the Story Time clips that came out.
  let cost = generationCost({ serviceMode: request.serviceMode === 'story-time' ? 'presets' : request.serviceMode, enableVideo: false });
  const presetKey = request.presetId ?? request.presetKey ?? null;
  const metadata: Record<string, unknown> = {
    provider: output.still.provider,
    ...(output.still.model ? { model: output.still.model } : {}),
    ...(output.still.requestId ? { providerRequestId: output.still.requestId } : {}),
    ...(output.videoProvider ? { videoProvider: output.videoProvider } : {}),
    presetType: request.presetType,
    presetKey,
    width: output.still.width,
    height: output.still.height,
    imageUrl: imageKey,
  };
  if (output.identity) {
    const { applicable, score, threshold, attempts, passed, reason } = output.identity;
    metadata.identity = { applicable, score, threshold, attempts, passed, ...(reason ? { reason } : {}) };
  }
  if (output.videos) {
    const results: Array<{ index: number; success: true; videoUrl: string } | { index: number; success: false; error: string }> = [];
    for (const [index, clip] of output.videos.entries()) {
      if ('error' in clip) {
        results.push({ index, success: false, error: clip.error });
        continue;
      }
      const key = `${base}/clip-${index}.mp4`;
      await storage.put(key, clip.video, { contentType: 'video/mp4', immutable: true });
      results.push({ index, success: true, videoUrl: key });
    }
    const successful = results.filter((r) => r.success);
    const first = successful[0];
    // The producer never returns Story Time without a clip.
    if (!first) throw new Error('Generation failed: no clip could be made');
    metadata.videoResults = results;
    metadata.totalVideos = results.length;
    metadata.successfulVideos = successful.length;
    storageKey = first.videoUrl;
    cost = generationCost({ serviceMode: 'story-time', sources: successful.map((r) => r.videoUrl) });
  } else if (output.video) {
    storageKey = `${base}/video.mp4`;
    await storage.put(storageKey, output.video, { contentType: 'video/mp4', immutable: true });
    metadata.videoResults = [{ index: 0, success: true, videoUrl: storageKey }];
    metadata.totalVideos = 1;
    metadata.successfulVideos = 1;
    cost = generationCost({ serviceMode: request.serviceMode, enableVideo: true });
  }

  return {
    cost,
    row: {
      id,
      run_id: owner.runId,
      output_index: 0,
      user_id: owner.userId,
      type: output.type,
      preset_type: request.presetType,
      preset_key: presetKey,
      prompt: request.prompt,
      source_url: request.sources[0]?.key ?? null,
      status: 'completed',
      final_url: storageKey,
      thumbnail_url: `${base}/thumb.webp`,
      storage_key: storageKey,
      thumbnail_key: `${base}/thumb.webp`,
      width: output.still.width,
      height: output.still.height,
      is_public: owner.isPublic,
      metadata: JSON.stringify(metadata),
      variants: JSON.stringify(variants),
      tags: deriveTags(request.presetType, preset, request.presetLabel ?? request.prompt),
      variation_of: request.variationOf ?? null,
    },
  };
}
