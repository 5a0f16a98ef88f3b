import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { trackChildProcess } from '../stop-watchdog';

export interface EmbeddedRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class RedisServerMissingError extends Error {
  constructor(bin: string) {
    super(
      [
        `REDIS_URL is not set and "${bin}" was not found, so the embedded queue cannot start.`,
        'Either install Redis:',
        '  Debian/Ubuntu:  sudo apt-get install redis-server',
        '  macOS:          brew install redis',
        'or point REDIS_URL at a running Redis, e.g. REDIS_URL=redis://127.0.0.1:6379',
      ].join('\n'),
    );
    this.name = 'RedisServerMissingError';
  }
}

export function redisServerAvailable(bin = 'redis-server'): boolean {
  const probe = spawnSync(bin, ['--version'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

let setpriv: boolean | undefined;
function setprivAvailable(): boolean {
  setpriv ??= process.platform === 'linux' && spawnSync('setpriv', ['--help'], { stdio: 'ignore' }).status === 0;
  return setpriv;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The process id of the Redis answering on `port` (INFO, inline), or null when nothing answers.
 * A free port can be taken by another process between `freePort()` and our server's bind: then
 * a connection succeeds to someone else's server while ours has failed, so the pid must be ours.
 */
function servingPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    const done = (pid: number | null) => {
      socket.destroy();
      resolve(pid);
    };
    socket.setTimeout(1_000, () => done(null));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      const match = /process_id:(\d+)/.exec(answer);
      if (match) done(Number(match[1]));
      else if (answer.startsWith('-')) done(null); // still loading, or not a Redis
    });
    socket.once('error', () => done(null));
  });
}

/** A redis-server left behind by a process that was SIGKILLed would hold the same files. */
function stopStaleServer(pidFile: string): void {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes('redis-server')) return;
  } catch {
    // No /proc (macOS): fall through and signal only if the pid is alive.
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * Starts the machine's redis-server on a free loopback port, with its files in `dir`
 * (append-only file on, so queued jobs survive a restart). The child is stopped by
 * `stop()` and, as a last resort, when this process exits.
 */
export async function startEmbeddedRedis(options: { bin?: string; dir: string; persist?: boolean }): Promise<EmbeddedRedis> {
  const bin = options.bin ?? 'redis-server';
  if (!redisServerAvailable(bin)) throw new RedisServerMissingError(bin);
  fs.mkdirSync(options.dir, { recursive: true });
  const pidFile = path.join(options.dir, 'redis.pid');
  stopStaleServer(pidFile);

  // A port found free can be taken before our server binds it: then try another.
  for (let attempt = 1; ; attempt += 1) {
    const started = await spawnOnFreePort(bin, options.dir, pidFile, options.persist ?? true);
    if (started.ok) return started.redis;
    if (attempt >= 3) throw started.error;
  }
}

async function spawnOnFreePort(
  bin: string,
  dir: string,
  pidFile: string,
  persist: boolean,
): Promise<{ ok: true; redis: EmbeddedRedis } | { ok: false; error: Error }> {
  const port = await freePort();
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--dir', dir,
    '--pidfile', pidFile,
    '--daemonize', 'no',
    '--save', '',
    '--appendonly', persist ? 'yes' : 'no',
    '--maxmemory-policy', 'noeviction',
    '--loglevel', 'warning',
  ];
  // Where util-linux's setpriv exists (Linux), the kernel sends redis-server SIGTERM the moment
  // this process ends, however it ends (a crash, SIGKILL): no orphan keeps the port and the files.
  const [command, commandArgs] = setprivAvailable() ? ['setpriv', ['--pdeathsig', 'TERM', '--', bin, ...args]] : [bin, args];
  const child: ChildProcess = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  // Elsewhere (no setpriv), and when this process is stuck, the stop watchdog kills it by pid.
  trackChildProcess(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const fail = (message: string) => {
    process.removeListener('exit', killOnExit);
    child.kill('SIGKILL');
    return { ok: false as const, error: new Error(message) };
  };

  const deadline = Date.now() + 10_000;
  // setpriv execs redis-server, so the child's pid is the server's.
  while ((await servingPid(port)) !== child.pid) {
    if (child.exitCode !== null) return fail(`redis-server exited with code ${child.exitCode}: ${stderr.trim()}`);
    if (Date.now() > deadline) return fail(`redis-server did not accept connections on port ${port} within 10 s`);
    await sleep(50);
  }

  const redis: EmbeddedRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    },
  };
  return { ok: true, redis };
}
