/**
 * At most `limit` tasks at once in this process; the rest wait their turn in order.
 * Used where one task can hold a lot of memory (decoding a large image), so that a burst of
 * requests costs `limit` × one task, not N × one task.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Semaphore limit must be a whole number ≥ 1, got ${limit}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next();
      else this.active -= 1;
    }
  }

  get pending(): number {
    return this.waiting.length;
  }
}
