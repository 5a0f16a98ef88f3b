import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';

/**
 * The pids of child processes that must not outlive this one (the embedded redis-server), in
 * memory the watchdog's thread reads when it fires: the main thread may be stuck by then.
 * 0 = a free slot.
 */
const tracked = new Int32Array(new SharedArrayBuffer(64 * Int32Array.BYTES_PER_ELEMENT));

/** Puts a child process in the watchdog's list until it exits (when it is reaped, so its pid can't be reused meanwhile). */
export function trackChildProcess(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  for (let i = 0; i < tracked.length; i += 1) {
    if (Atomics.compareExchange(tracked, i, 0, pid) === 0) {
      child.once('exit', () => Atomics.compareExchange(tracked, i, pid, 0));
      return;
    }
  }
}

// Runs on a thread of its own (CommonJS, as `eval` workers are). It SIGKILLs the tracked
// children first, then the process: a signal nothing can catch, so a main thread that spins
// (a synchronous log flush retrying a dead pipe, an endless loop) cannot delay or block it.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  const pids = new Int32Array(workerData.pids);
  for (let i = 0; i < pids.length; i += 1) {
    const pid = Atomics.load(pids, i);
    if (pid > 0) try { process.kill(pid, 'SIGKILL'); } catch {}
  }
  process.kill(process.pid, 'SIGKILL');
}, workerData.afterMs);
`;

/**
 * Arms a deadline the main thread cannot hold off: `afterMs` from now a worker thread kills the
 * tracked child processes and then this process (SIGKILL, exit status 137 for the supervisor).
 * Armed when a stop begins; a stop that finishes in time exits before it fires.
 */
export function armStopWatchdog(afterMs: number): void {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { afterMs, pids: tracked.buffer } });
  // Never what keeps the process alive: it only ever cuts a stop short.
  worker.unref();
}
