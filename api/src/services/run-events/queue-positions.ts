import type { Redis } from 'ioredis';
import type { Eta } from './eta';

/** A waiting run of a person: jobs ahead of it and the estimated seconds to done. */
export interface WaitingRun {
  runId: string;
  position: number;
  etaSeconds: number | null;
}

export interface RunOwner {
  userId: string;
  mode: string;
}

export interface QueuePositionsDeps {
  redis: Redis;
  /** The generation queue's keys (BullMQ's `queue.keys`). */
  keys: { wait: string; prioritized: string; finished?: readonly string[] };
  /** Whose runs these are (one query for the ids not seen before; a run's owner never changes). */
  owners(runIds: string[]): Promise<Array<{ runId: string } & RunOwner>>;
  eta(): Promise<Eta>;
  /**
   * Told the waiting order at each read, when, and how many runs the queue has finished in all
   * (BullMQ's completed and failed metrics counts, read with the order; undefined without `keys.finished`).
   */
  onOrder?(order: readonly string[], atMs: number, finished: number | undefined): void;
}

const OWNER_CACHE_SIZE = 20_000;

/**
 * Where each waiting run stands, in the order BullMQ hands jobs to workers: the wait list first
 * (its right end goes next), then the prioritized set by score.
 */
export class QueuePositions {
  private readonly ownerCache = new Map<string, RunOwner>();

  constructor(private readonly deps: QueuePositionsDeps) {}

  /** The waiting runs of the given people, by person. */
  async forPeople(userIds: ReadonlySet<string>): Promise<Map<string, WaitingRun[]>> {
    const byPerson = new Map<string, WaitingRun[]>();
    if (userIds.size === 0) return byPerson;
    const { order, finished, atMs } = await this.waitingOrder();
    this.deps.onOrder?.(order, atMs, finished);
    if (order.length === 0) return byPerson;
    await this.learnOwners(order);
    const eta = await this.deps.eta();
    order.forEach((runId, position) => {
      const owner = this.ownerCache.get(runId);
      if (!owner || !userIds.has(owner.userId)) return;
      const runs = byPerson.get(owner.userId) ?? [];
      runs.push({ runId, position, etaSeconds: eta(owner.mode, position) });
      byPerson.set(owner.userId, runs);
    });
    return byPerson;
  }

  /** The owners of these runs (cached: a run's owner never changes). */
  async owners(runIds: string[]): Promise<Map<string, RunOwner>> {
    await this.learnOwners([...new Set(runIds)]);
    const found = new Map<string, RunOwner>();
    for (const id of runIds) {
      const owner = this.ownerCache.get(id);
      if (owner) found.set(id, owner);
    }
    return found;
  }

  /**
   * Job ids in the order workers will take them, the runs finished so far and Redis's clock at that
   * read (one round trip). Redis's clock, not this process's: an api busy with submissions handles
   * the answer late, by a delay that changes from one read to the next, which skewed the measured pace.
   */
  private async waitingOrder(): Promise<{ order: string[]; finished: number | undefined; atMs: number }> {
    const multi = this.deps.redis.multi().time().lrange(this.deps.keys.wait, 0, -1).zrange(this.deps.keys.prioritized, 0, -1);
    const finishedKeys = this.deps.keys.finished ?? [];
    for (const key of finishedKeys) multi.hget(key, 'count');
    const results = await multi.exec();
    const [seconds, micros] = (results?.[0]?.[1] as [string, string] | undefined) ?? [];
    const atMs = seconds === undefined ? Date.now() : Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const wait = (results?.[1]?.[1] as string[] | undefined) ?? [];
    const prioritized = (results?.[2]?.[1] as string[] | undefined) ?? [];
    const finished = finishedKeys.length === 0 ? undefined : finishedKeys.reduce((sum, _, i) => sum + Number((results?.[3 + i]?.[1] as string | null) ?? 0), 0);
    return { order: [...wait.reverse(), ...prioritized], finished, atMs };
  }

  private async learnOwners(runIds: string[]): Promise<void> {
    const unknown = runIds.filter((id) => !this.ownerCache.has(id));
    if (unknown.length === 0) return;
    for (const owner of await this.deps.owners(unknown)) {
      if (this.ownerCache.size >= OWNER_CACHE_SIZE) this.ownerCache.delete(this.ownerCache.keys().next().value!);
      this.ownerCache.set(owner.runId, { userId: owner.userId, mode: owner.mode });
    }
  }
}
