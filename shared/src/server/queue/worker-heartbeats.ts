import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type RedisClient, scanKeys } from '../redis/redis';
import type { WorkerHeartbeat } from '../../api/admin';

/** How often a worker says it is alive, and how long the word lasts: a stopped worker is gone within 10 s. */
export const HEARTBEAT_INTERVAL_MS = 3_000;
export const HEARTBEAT_TTL_MS = 10_000;

/**
 * Workers announce themselves in Redis under a key with a short expiry, refreshed on an
 * interval; the api lists the keys to know which workers are alive, on any machine.
 */
export class WorkerHeartbeats {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  /** Starts beating for this process; the returned stop removes the key at once. */
  start(
    info: { queues: string[]; concurrency: Record<string, number>; version: string; recoveries?: () => number },
    intervalMs = HEARTBEAT_INTERVAL_MS,
  ): () => Promise<void> {
    const { recoveries, ...fixed } = info;
    const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const startedAt = new Date().toISOString();
    const beat = () =>
      this.redis
        .set(
          this.keyOf(id),
          JSON.stringify({
            id,
            hostname: hostname(),
            pid: process.pid,
            startedAt,
            lastHeartbeat: new Date().toISOString(),
            ...fixed,
            recoveries: recoveries?.() ?? 0,
          } satisfies WorkerHeartbeat),
          'PX',
          HEARTBEAT_TTL_MS,
        )
        .catch(() => {
          // Redis away: the key expires and the api reports the worker gone, which is the truth.
        });
    void beat();
    const timer = setInterval(() => void beat(), intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.redis.del(this.keyOf(id)).catch(() => {});
    };
  }

  /** Every worker that beat within the expiry, by hostname then pid. */
  async list(): Promise<WorkerHeartbeat[]> {
    const keys = await scanKeys(this.redis, this.keyOf('*'));
    if (keys.length === 0) return [];
    const values = await this.redis.mget(keys);
    const workers: WorkerHeartbeat[] = [];
    for (const value of values) {
      if (!value) continue;
      try {
        workers.push(JSON.parse(value) as WorkerHeartbeat);
      } catch {
        // A key some other version wrote in another shape: not a worker we can describe.
      }
    }
    return workers.sort((a, b) => a.hostname.localeCompare(b.hostname) || a.pid - b.pid);
  }

  private keyOf(id: string): string {
    return `${this.prefix}:worker-heartbeat:${id}`;
  }
}
