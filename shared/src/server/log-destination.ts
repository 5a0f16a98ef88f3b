import fs from 'node:fs';

/** A full pipe (its reader is slow): the next try comes this much later. */
const FULL_PIPE_RETRY_MS = 10;
/** How long the flush at exit keeps trying a full pipe before it gives the last lines up. */
const EXIT_FLUSH_BUDGET_MS = 500;
/** Unwritten output held at most (a reader that stopped reading); past it new lines are dropped, not kept in memory. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

export interface LogDestination {
  write(line: string): void;
  /** Writes what is left, at exit: never blocks past its budget, never throws. */
  flushSync(): void;
}

/**
 * pino's JSON lines to a file descriptor (stdout), written off the main thread (libuv's pool) as
 * pino's own default does, but with every failure handled: once a write fails for a reason other
 * than a full pipe (EPIPE: the reader is gone; EIO: the terminal closed; EBADF...), logging stops
 * for good and lines are dropped. pino's default instead retried any such error every 100 ms with
 * the main thread asleep in its flush at exit (sonic-boom's flushSync), so a process whose log
 * reader had gone could never exit; and an error there was thrown at whoever logged.
 */
export function createFdDestination(fd: number, options: { maxPendingBytes?: number } = {}): LogDestination {
  const maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  let pending: string[] = [];
  let pendingBytes = 0;
  /** Taken out of `pending`, not yet written: in libuv's pool, or waiting to retry a full pipe. */
  let busy = false;
  /** The part of the taken chunk still to write while it waits to retry (the flush at exit writes it first). */
  let waiting: Buffer | undefined;
  let dead = false;
  let dropped = 0;

  const stop = (error: NodeJS.ErrnoException) => {
    dead = true;
    pending = [];
    pendingBytes = 0;
    waiting = undefined;
    // Said once where it may still be read (stderr can outlive stdout, e.g. a file on a full disk).
    try {
      fs.writeSync(2, `logging to fd ${fd} stopped: ${error.code ?? error.message}\n`);
    } catch {
      // stderr is gone too.
    }
  };

  const send = (chunk: Buffer) => {
    busy = true;
    waiting = undefined;
    fs.write(fd, chunk, 0, chunk.length, null, (error, written) => {
      if (dead) return;
      if (error) {
        if (error.code !== 'EAGAIN') return stop(error);
        waiting = chunk;
        setTimeout(() => {
          if (!dead && waiting === chunk) send(chunk);
        }, FULL_PIPE_RETRY_MS).unref();
        return;
      }
      if (written < chunk.length) return send(chunk.subarray(written));
      busy = false;
      sendPending();
    });
  };

  const takePending = (): Buffer => {
    if (dropped > 0) {
      pending.push(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, dropped, msg: 'log lines dropped: the log reader was not keeping up' })}\n`);
      dropped = 0;
    }
    const chunk = Buffer.from(pending.join(''));
    pending = [];
    pendingBytes = 0;
    return chunk;
  };

  const sendPending = () => {
    if (!dead && !busy && pending.length > 0) send(takePending());
  };

  return {
    write(line) {
      if (dead) return;
      if (pendingBytes + line.length > maxPending) {
        dropped += 1;
        return;
      }
      pending.push(line);
      pendingBytes += line.length;
      sendPending();
    },
    flushSync() {
      if (dead) return;
      // A chunk still in libuv's pool is written by it or not at all: only what is left here is ours.
      const chunks = [waiting, pending.length > 0 ? takePending() : undefined];
      waiting = undefined;
      const giveUpAt = Date.now() + EXIT_FLUSH_BUDGET_MS;
      const nap = new Int32Array(new SharedArrayBuffer(4));
      for (let chunk of chunks) {
        while (chunk && chunk.length > 0) {
          try {
            chunk = chunk.subarray(fs.writeSync(fd, chunk));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > giveUpAt) {
              dead = true;
              return;
            }
            Atomics.wait(nap, 0, 0, FULL_PIPE_RETRY_MS);
          }
        }
      }
    },
  };
}

let stdout: LogDestination | undefined;

/** The process's one stdout destination (every logger shares it), flushed when the process exits. */
export function stdoutDestination(): LogDestination {
  if (!stdout) {
    const destination = createFdDestination(1);
    process.on('exit', () => destination.flushSync());
    // Node's own stdout and stderr streams (a library's console.log, a warning) report a dead
    // pipe as an 'error' event; unheard, that would be an uncaught exception stopping the process.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    stdout = destination;
  }
  return stdout;
}
