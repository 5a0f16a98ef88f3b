import type { StoredRunRequest } from '@app/shared/server/generation/stored-request';

/** A run's stored request as the benches' runs make it (4:5, one source, no video), with what differs. */
export function benchRequest(patch: Partial<StoredRunRequest> & Pick<StoredRunRequest, 'serviceMode' | 'presetType' | 'prompt'>): StoredRunRequest {
  return {
    aspectRatio: '4:5',
    sources: [{ key: 'users/u/uploads/a.jpg', publicId: 'a' }],
    enableVideo: false,
    identity: { threshold: 0.6, retries: 0, blocking: false },
    cost: 2,
    seed: 7,
    ...patch,
  };
}
