import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { User } from '@app/shared/server/db';
import { InvalidInputError, NotAllowedError, NotAuthenticatedError, TooLargeError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import type { ReceivedFile } from '@app/shared/server/media/ingest';
import { SNIFF_HEAD_BYTES } from '@app/shared/server/media/sniff';
import { MemoryStorage } from '@app/shared/testing/memory-storage';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeUploads } from '../../testing/fake-uploads';
import { aUser, testMediaUrls } from '../../testing/rows';
import { UPLOAD_ERRORS, type UploadFields, UploadService } from './upload.service';
import { UploadSigner } from './upload-signature';

const MAX_IMAGE_BYTES = 64 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-service-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
function received(data: Buffer): ReceivedFile {
  const file = path.join(dir, `file-${files++}`);
  fs.writeFileSync(file, data);
  return { path: file, bytes: data.length, head: data.subarray(0, SNIFF_HEAD_BYTES) };
}
const photo = () => sharp({ create: { width: 30, height: 20, channels: 3, background: '#c84' } }).jpeg().toBuffer();
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

/** Remembers used keys as the Redis-backed SingleUse does (claimed once until released). */
class FakeSingleUse {
  readonly claimed = new Set<string>();
  async claim(key: string): Promise<boolean> {
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    return true;
  }
  async release(key: string): Promise<void> {
    this.claimed.delete(key);
  }
}

/** Allows `points` uploads per person, then refuses as RateLimits does. */
function fakeQuota(points: number) {
  const used = new Map<string, number>();
  return {
    used,
    consume: async (rule: string, key: string) => {
      const count = (used.get(`${rule}:${key}`) ?? 0) + 1;
      used.set(`${rule}:${key}`, count);
      if (count > points) throw new TooManyRequestsError('Too many requests. Please wait a moment.', 'RATE_LIMITED', 60);
    },
  };
}

function setup(options: { users?: User[]; quota?: number } = {}) {
  let now = Date.parse('2025-06-01T10:00:00Z');
  const clock = { advance: (ms: number) => void (now += ms) };
  const signer = new UploadSigner('unit-test-signing-secret', () => now);
  const uploads = new FakeUploads();
  const storage = new MemoryStorage();
  const quota = fakeQuota(options.quota ?? 100);
  const users = options.users ?? [aUser()];
  const repos = { uploads, users: { findById: async (id: string) => users.find((u) => u.id === id) } };
  const service = new UploadService(repos, storage, testMediaUrls, signer, new FakeSingleUse(), quota, { limits: { maxImageBytes: MAX_IMAGE_BYTES } });
  /** The form fields the browser sends back with a signature from `sign`. */
  const signedFields = (user: User = users[0]!, folder = 'sources'): UploadFields => {
    const signed = service.sign(user, { folder });
    return { api_key: signed.apiKey, timestamp: String(signed.timestamp), signature: signed.signature, folder: signed.folder };
  };
  return { service, uploads, storage, quota, clock, signedFields };
}

describe('UploadService', () => {
  it('stores a photo under the person’s prefix, records it, and answers in the media cloud’s words', async () => {
    const { service, uploads, storage, signedFields } = setup();
    const answer = await service.upload(signedFields(), received(await photo()), 'auto');
    const key = `users/${aUser().id}/uploads/${answer.public_id}.jpg`;
    expect(answer).toMatchObject({ resource_type: 'image', format: 'jpg', width: 30, height: 20, folder: 'sources', type: 'upload' });
    // A source photo is its owner's: a signed address of its key.
    expect(testMediaUrls.keyOf(answer.secure_url)).toBe(key);
    expect(answer.secure_url).toMatch(/\?exp=\d+&sig=/);
    expect(storage.objects.get(key)?.contentType).toBe('image/jpeg');
    expect(answer.bytes).toBe(storage.objects.get(key)?.data.length);
    expect(uploads.rows).toEqual([expect.objectContaining({ user_id: aUser().id, public_id: answer.public_id, storage_key: key })]);
  });

  it('resolves users/me to the person’s own folder, and refuses to sign anyone else’s', async () => {
    const { service, signedFields } = setup();
    const answer = await service.upload(signedFields(aUser(), 'users/me'), received(await photo()));
    expect(answer.folder).toBe(`users/${aUser().id}`);
    const refused = (() => {
      try {
        return service.sign(aUser(), { folder: 'users/someone-else' });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(NotAllowedError);
    expect(refused).toMatchObject({ message: "You don't have permission for this action." });
  });

  it('refuses a tampered signature and an expired one, storing nothing', async () => {
    const { service, uploads, storage, clock, signedFields } = setup();
    const fields = signedFields();
    const tampered = { ...fields, signature: (fields.signature![0] === 'a' ? 'b' : 'a') + fields.signature!.slice(1) };
    const bad = await refusal(service.upload(tampered, received(await photo())));
    expect(bad).toBeInstanceOf(NotAuthenticatedError);
    expect(bad).toMatchObject({ message: 'Invalid Signature' });
    // Refused before the file is read when the signed fields come first; left to `upload` otherwise.
    expect(() => service.refuseEarly(tampered)).toThrow('Invalid Signature');
    expect(() => service.refuseEarly({ ...tampered, folder: undefined })).not.toThrow();

    clock.advance(11 * 60 * 1000);
    await expect(service.upload(fields, received(await photo()))).rejects.toMatchObject({ message: 'Stale request' });
    expect(uploads.rows).toEqual([]);
    expect(storage.objects.size).toBe(0);
  });

  it('stores one file per signature; a refused file does not use the signature up', async () => {
    const { service, uploads, signedFields } = setup();
    const fields = signedFields();
    await expect(service.upload(fields, received(Buffer.from('not an image at all')))).rejects.toMatchObject({ message: 'Unsupported file type' });
    await service.upload(fields, received(await photo()));
    const replay = await refusal(service.upload(fields, received(await photo())));
    expect(replay).toBeInstanceOf(NotAuthenticatedError);
    expect(replay).toMatchObject({ message: UPLOAD_ERRORS.signatureUsed });
    expect(uploads.rows).toHaveLength(1);
  });

  it('limits files per person, counting each person apart', async () => {
    const bob = aUser({ id: '55555555-5555-4555-8555-555555555555', email: 'bob@example.com' });
    const { service, uploads, quota, signedFields } = setup({ users: [aUser(), bob], quota: 2 });
    for (let i = 0; i < 2; i++) await service.upload(signedFields(), received(await photo()));
    const over = await refusal(service.upload(signedFields(), received(await photo())));
    expect(over).toBeInstanceOf(TooManyRequestsError);
    expect(over).toMatchObject({ retryAfterSeconds: 60 });
    await service.upload(signedFields(bob), received(await photo()));
    expect(uploads.rows.map((r) => r.user_id)).toEqual([aUser().id, aUser().id, bob.id]);
    expect(quota.used.get(`uploadsPerUser:${aUser().id}`)).toBe(3);
  });

  it('refuses a file over the limit with File too large, and a suspended account or a missing file', async () => {
    const { service, uploads, signedFields } = setup();
    const head = await photo();
    const tooLarge = await refusal(service.upload(signedFields(), received(Buffer.concat([head, Buffer.alloc(MAX_IMAGE_BYTES)]))));
    expect(tooLarge).toBeInstanceOf(TooLargeError);
    expect(tooLarge).toMatchObject({ message: 'File too large' });
    expect(service.fileLimits.limitFor(head.subarray(0, SNIFF_HEAD_BYTES))).toBe(MAX_IMAGE_BYTES);

    const missing = await refusal(service.upload(signedFields(), null));
    expect(missing).toBeInstanceOf(InvalidInputError);
    expect(missing).toMatchObject({ message: 'Missing required parameter - file' });

    const banned = setup({ users: [aUser({ banned: true })] });
    const suspended = await refusal(banned.service.upload(banned.signedFields(), received(head)));
    expect(suspended).toBeInstanceOf(NotAllowedError);
    expect(suspended).toMatchObject({ message: 'This account has been suspended.' });
    expect([...uploads.rows, ...banned.uploads.rows]).toEqual([]);
  });

  it('removes the stored file when the row cannot be recorded', async () => {
    const { service, uploads, storage, signedFields } = setup();
    uploads.failInsert = true;
    await expect(service.upload(signedFields(), received(await photo()))).rejects.toThrow('connection lost');
    expect(storage.objects.size).toBe(0);
  });
});
