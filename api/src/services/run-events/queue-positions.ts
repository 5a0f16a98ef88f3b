import type { WaitingOrder } from '@app/shared/server/queue';
import type { Eta, QueueMix } from './eta';

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
  /** The waiting runs in the order workers will take them (`RunQueue.waitingOrder`). */
  waitingOrder(): Promise<WaitingOrder>;
  /** Whose runs these are (one query for the ids not seen before; a run's owner never changes). */
  owners(runIds: string[]): Promise<Array<{ runId: string } & RunOwner>>;
  /** The estimate over the queue as it stands. */
  eta(mix: QueueMix): Promise<Eta>;
  /** Told the waiting order at each read, when (Redis's clock), and how many runs the queue has finished in all. */
  onOrder?(order: readonly string[], atMs: number, finished: number): void;
}

const OWNER_CACHE_SIZE = 20_000;

/** Where each waiting run of the people connected stands, and its estimated seconds to done. */
export class QueuePositions {
  private readonly ownerCache = new Map<string, RunOwner>();

  constructor(private readonly deps: QueuePositionsDeps) {}

  /** The waiting runs of the given people, by person. */
  async forPeople(userIds: ReadonlySet<string>): Promise<Map<string, WaitingRun[]>> {
    const byPerson = new Map<string, WaitingRun[]>();
    if (userIds.size === 0) return byPerson;
    const { order, active, finished, atMs } = await this.deps.waitingOrder();
    this.deps.onOrder?.(order, atMs, finished);
    if (order.length === 0) return byPerson;
    await this.learnOwners([...order, ...active]);
    const modeOf = (runId: string) => this.ownerCache.get(runId)?.mode;
    const eta = await this.deps.eta({ waiting: order.map(modeOf), active: active.map(modeOf) });
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

  private async learnOwners(runIds: string[]): Promise<void> {
    const unknown = runIds.filter((id) => !this.ownerCache.has(id));
    if (unknown.length === 0) return;
    for (const owner of await this.deps.owners(unknown)) {
      if (this.ownerCache.size >= OWNER_CACHE_SIZE) this.ownerCache.delete(this.ownerCache.keys().next().value!);
      this.ownerCache.set(owner.runId, { userId: owner.userId, mode: owner.mode });
    }
  }
}
