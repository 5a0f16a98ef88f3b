import type { GenerationRun, Media, Upload, User } from '@app/shared/server/db';
import type { FeedRow } from '@app/shared/server/repositories';
import { MediaSigner, MediaUrls } from '@app/shared/server/storage';

/** Addresses as a storage serving from http://media.test/ makes them. */
export const testMediaSigner = new MediaSigner('unit-test-media-signing');
export const testMediaUrls = new MediaUrls({ publicUrl: (key) => `http://media.test/${key}` }, testMediaSigner);

/** Rows as the repositories return them, for services' unit tests. */
export function aUser(overrides: Partial<User> = {}): User {
  const created = new Date('2025-01-02T03:04:05.000Z');
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'ada@example.com',
    name: null,
    username: null,
    avatar_url: null,
    tier: 'free',
    credits: 10,
    share_to_feed: true,
    media_upload_agreed: false,
    media_upload_agreed_at: null,
    onboarding_completed: false,
    banned: false,
    banned_at: null,
    referrer_id: null,
    referral_code: 'ref-ada',
    signup_ip: null,
    last_active_at: null,
    notification_digest: false,
    notification_digest_at: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

export function aMedia(overrides: Partial<Media> = {}): Media {
  const created = new Date('2025-03-01T12:00:00.000Z');
  return {
    id: '22222222-2222-4222-8222-222222222222',
    user_id: aUser().id,
    guest_id: null,
    run_id: '33333333-3333-4333-8333-333333333333',
    type: 'image',
    preset_type: 'ghibli_reaction',
    preset_key: 'tears',
    prompt: 'a cat in the rain',
    source_url: 'https://cdn.example/source.jpg',
    status: 'completed',
    final_url: 'https://cdn.example/final.jpg',
    thumbnail_url: 'https://cdn.example/thumb.jpg',
    storage_key: null,
    thumbnail_key: null,
    width: 819,
    height: 1024,
    is_public: true,
    metadata: { provider: 'fal' },
    variants: null,
    tags: ['rain'],
    likes_count: 3,
    trending_score: null,
    cloudinary_public_id: null,
    output_index: 0,
    variation_of: null,
    moderation: 'clear',
    moderation_reason: null,
    screening: null,
    expires_at: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

export function aFeedRow(overrides: Partial<FeedRow> = {}): FeedRow {
  const media = aMedia();
  return {
    id: media.id,
    user_id: media.user_id,
    type: media.type,
    preset_type: media.preset_type,
    preset_key: media.preset_key,
    prompt: media.prompt,
    final_url: media.final_url,
    thumbnail_url: media.thumbnail_url,
    source_url: media.source_url,
    width: media.width,
    height: media.height,
    likes_count: media.likes_count,
    trending_score: media.trending_score,
    metadata: media.metadata,
    variants: media.variants,
    tags: media.tags,
    cloudinary_public_id: media.cloudinary_public_id,
    created_at: media.created_at,
    avatar_url: null,
    tier: 'free',
    name: null,
    username: null,
    ...overrides,
  };
}

export function anUpload(overrides: Partial<Upload> = {}): Upload {
  const publicId = overrides.public_id ?? 'a1b2c3d4e5f6a1b2c3d4e5f6';
  const key = `users/${aUser().id}/uploads/${publicId}.jpg`;
  return {
    id: '44444444-4444-4444-8444-444444444444',
    public_id: publicId,
    user_id: aUser().id,
    folder: 'sources',
    resource_type: 'image',
    format: 'jpg',
    content_type: 'image/jpeg',
    bytes: 1234,
    width: 800,
    height: 1000,
    duration_seconds: null,
    storage_key: key,
    screening: null,
    created_at: new Date('2025-02-01T08:00:00.000Z'),
    ...overrides,
  };
}

/** When `aRun`'s run was created; its other times are seconds after it. */
export const RUN_CREATED_AT = new Date('2025-03-01T12:00:00.000Z');

/** A custom-prompt run by fal: queued 4 s, done 26 s later, 5 credits charged. */
export function aRun(overrides: Partial<GenerationRun> = {}): GenerationRun {
  const at = (seconds: number) => new Date(RUN_CREATED_AT.getTime() + seconds * 1000);
  return {
    run_id: 'run_0000000000000001',
    user_id: 'u1',
    mode: 'custom-prompt',
    request: {},
    status: 'done',
    attempts: 1,
    error: null,
    credits_reserved: 5,
    credits_refunded: 0,
    provider: 'fal',
    stage: 'succeeded',
    created_at: RUN_CREATED_AT,
    updated_at: at(30),
    finished_at: at(30),
    started_at: at(4),
    identity_scores: null,
    priority: null,
    timeline: null,
    webhook_url: null,
    ...overrides,
  };
}
