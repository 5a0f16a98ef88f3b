import type { FakeBehaviour, FakeCalls, ProviderFake } from './provider-fake';

/**
 * What the next submissions do, as set by `behave`/`pace`/`webhookRepeats`:
 * `takeSubmitBehaviour()` answers what the next submit must do ('rate-limit-once' and
 * 'server-error-once' apply once, then 'succeed').
 */
export class Behaviour {
  private current: FakeBehaviour = 'succeed';
  queuedPolls = 1;
  runningPolls = 1;
  webhookTimes = 1;

  set(next: FakeBehaviour): void {
    this.current = next;
  }

  takeSubmitBehaviour(): FakeBehaviour {
    const now = this.current;
    if (now === 'rate-limit-once' || now === 'server-error-once') this.current = 'succeed';
    return now;
  }
}

/** The members of ProviderFake that every fake answers the same way. */
export type FakeControls = Pick<ProviderFake, 'calls' | 'behave' | 'pace' | 'webhookRepeats' | 'close'>;

/**
 * The state every provider fake keeps apart from its API's shape: the behaviour set for its
 * next submissions, the call counters, and the timers it runs jobs on (stopped on close, so a
 * closed fake never calls back). A fake builds its HTTP handler on `behaviour` and `calls`, and
 * ends with `...kit.controls(server)`.
 */
export class FakeKit {
  readonly behaviour = new Behaviour();
  readonly calls: FakeCalls = { submit: 0, status: 0, result: 0, cancel: [], webhooks: 0 };
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly cleanups: Array<() => void> = [];

  /** Runs `task` once after `ms`, unless the fake is closed first. */
  later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, ms);
    this.timers.add(timer);
  }

  /** Something else to stop on close (a fake's own intervals). */
  onClose(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  controls(server: { close(): Promise<void> }): FakeControls {
    const { behaviour } = this;
    return {
      calls: this.calls,
      behave: (next) => behaviour.set(next),
      pace: (queuedPolls, runningPolls) => {
        behaviour.queuedPolls = queuedPolls;
        behaviour.runningPolls = runningPolls;
      },
      webhookRepeats: (times) => {
        behaviour.webhookTimes = times;
      },
      close: async () => {
        for (const timer of this.timers) clearTimeout(timer);
        this.timers.clear();
        for (const cleanup of this.cleanups) cleanup();
        await server.close();
      },
    };
  }
}

/**
 * The `<PROVIDER>_OUTPUT_HOSTS` entry for a fake that serves its outputs itself: plain http on
 * 127.0.0.1, which the worker downloads only from hosts named there.
 */
export function ownOutputHosts(variable: `${string}_OUTPUT_HOSTS`, url: string): Record<string, string> {
  return { [variable]: url };
}
