import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '@app/shared/server/config';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import { verifySmtp } from '@app/shared/server/mail';
import { describeRedisEndpoint, pingKeys } from '@app/shared/server/redis';
import { readObject } from '@app/shared/server/storage';
import { UploadSigner } from '../upload-signature';
import { providerProbes } from './provider-probes';
import type { SystemProbe } from './system-checks';

/** A user id no account has: the upload probe signs for it and stores nothing under it. */
const PROBE_USER = '00000000-0000-4000-8000-000000000000';

/**
 * What the diagnosis measures, each with a real round trip: the database answers a query,
 * Redis a PING, storage takes a write and gives it back, the upload service signs and checks a
 * signature over stored bytes, SMTP greets and accepts our login.
 */
export function systemProbes(config: Config, infra: Infrastructure): SystemProbe[] {
  const storageRoundTrip = async () => {
    const key = `diagnostics/${randomUUID()}.txt`;
    const body = Buffer.from(`probe ${new Date().toISOString()}`);
    await infra.storage.put(key, body, { contentType: 'text/plain' });
    try {
      const read = await readObject(infra.storage, key);
      if (!read?.equals(body)) throw new Error('wrote an object but read back something else');
    } finally {
      await infra.storage.delete(key);
    }
  };
  const signer = new UploadSigner(infra.secrets.signingSecret);
  return [
    {
      name: 'database',
      label: 'Database',
      required: true,
      probe: async () => {
        await sql`select 1`.execute(infra.db);
        return infra.dialect === 'pglite' ? 'PGlite (embedded) answers' : 'PostgreSQL answers';
      },
    },
    {
      name: 'redis',
      label: 'Redis',
      required: true,
      probe: async () => {
        await pingKeys(infra.redis, config.queuePrefix);
        return `the product's keys answer from ${describeRedisEndpoint(infra.redisEndpoint)}`;
      },
    },
    {
      name: 'storage',
      label: 'Storage',
      required: true,
      probe: async () => {
        await storageRoundTrip();
        return `${infra.storage.kind === 's3' ? 'S3' : 'local disk'}: write, read and delete worked`;
      },
    },
    {
      name: 'uploads',
      label: 'Upload service',
      required: true,
      probe: async () => {
        const params = { api_key: signer.apiKeyFor(PROBE_USER), timestamp: String(signer.timestamp()), folder: 'diagnostics' };
        if (!signer.verify(params, signer.sign(params)).ok) throw new Error('a fresh signature did not verify');
        await storageRoundTrip();
        return 'signed uploads are accepted and stored';
      },
    },
    {
      name: 'email',
      label: 'E-mail',
      required: true,
      probe: config.mail.smtpUrl
        ? async () => {
            await verifySmtp(config.mail.smtpUrl as string);
            return 'SMTP server accepted the connection';
          }
        : async () => 'development outbox (mail is kept, readable at /api/dev/outbox)',
    },
    ...providerProbes(config.providers, config.generation.routes),
  ];
}
