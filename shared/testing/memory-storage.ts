import { Readable } from 'node:stream';
import type { Storage } from '../src/server/storage/storage';

/** Storage in memory, for unit tests of the services and the pipeline. */
export class MemoryStorage implements Storage {
  readonly kind = 'local' as const;
  readonly objects = new Map<string, { data: Buffer; contentType: string }>();
  async put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void> {
    const data = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    this.objects.set(key, { data, contentType: options.contentType });
  }
  async get(key: string) {
    const object = this.objects.get(key);
    return object ? { body: Readable.from([object.data]), contentType: object.contentType, contentLength: object.data.length } : null;
  }
  async exists(key: string) {
    return this.objects.has(key);
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async deletePrefix(prefix: string) {
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix));
    for (const key of keys) this.objects.delete(key);
    return keys.length;
  }
  publicUrl(key: string) {
    return `http://media.test/${key}`;
  }
  async ping() {}
}
