import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

/** A redis-server of a test's own, stopped and started again on the same port and files. */
export interface RedisServerProcess {
  url: string;
  start(): Promise<void>;
  /** SIGTERM: Redis writes its append-only file and exits. */
  stop(): Promise<void>;
  /** Sends a signal as it is: SIGKILL (a crash), SIGSTOP / SIGCONT (a frozen host). */
  signal(signal: NodeJS.Signals): void;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `extraArgs` come after the defaults (e.g. `--replicaof 127.0.0.1 <port>`); `leading` before them (a config file, `--sentinel`). */
export function redisServerProcess(port: number, dir: string, extra: { leading?: string[]; extraArgs?: string[] } = {}): RedisServerProcess {
  let child: ChildProcess | undefined;
  const args = [
    ...(extra.leading ?? []),
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction', '--loglevel', 'warning'],
    ...(extra.extraArgs ?? []),
  ];
  return {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      const proc = spawn('redis-server', args, { stdio: 'ignore' });
      child = proc;
      // Generous: on a busy 2-core box a fork and exec can take seconds.
      const deadline = Date.now() + 30_000;
      while (!(await canConnect(port))) {
        if (proc.exitCode !== null) throw new Error(`redis-server exited with code ${proc.exitCode}`);
        if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within 30 s`);
        await sleep(50);
      }
    },
    stop: async () => {
      if (child) await stopChild(child, 10_000);
    },
    signal: (signal) => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** SIGTERM, then SIGKILL after `forceAfterMs`; resolves once the process has exited (at once if it had). */
export async function stopChild(child: ChildProcess, forceAfterMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
  await exited;
  clearTimeout(forced);
}

/** One question to the server on `port` over a connection of its own (a sentinel, or one node of a cluster), closed after. */
export async function askRedis<T>(port: number, question: (server: Redis) => Promise<T>): Promise<T> {
  const server = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  server.on('error', () => {});
  try {
    await server.connect();
    return await question(server);
  } finally {
    server.disconnect();
  }
}
