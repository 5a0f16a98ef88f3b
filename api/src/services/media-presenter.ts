import type { Media } from '@app/shared/server';

/** A media item as the spec's clients read it (spec 1 §3, spec 2 §3). */
export function toMediaView(media: Media) {
  const metadata = media.metadata as Record<string, unknown>;
  return {
    id: media.id,
    runId: media.run_id,
    userId: media.user_id,
    type: media.type,
    mediaType: media.type === 'video' ? 'video' : 'photo',
    url: media.final_url,
    finalUrl: media.final_url,
    imageUrl: (metadata.imageUrl as string | undefined) ?? media.final_url,
    thumbnailUrl: media.thumbnail_url,
    status: media.status,
    prompt: media.prompt,
    presetType: media.preset_type,
    presetKey: media.preset_key,
    width: media.width,
    height: media.height,
    isPublic: media.is_public,
    likes_count: media.likes_count,
    tags: media.tags,
    createdAt: media.created_at.toISOString(),
    created_at: media.created_at.toISOString(),
    metadata,
  };
}
