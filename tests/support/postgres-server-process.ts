import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A Postgres cluster of a test's own, made with the machine's initdb and run by pg_ctl as the
 * `postgres` user (the server refuses root), stopped and started again on the same port and files.
 */
export interface PostgresServerProcess {
  url: string;
  start(): void;
  running(): boolean;
  /** A fast shutdown: sessions are ended, the server stops. */
  stop(): void;
  remove(): void;
}

const BIN_DIRS = ['/usr/lib/postgresql'];

/** The directory holding initdb and pg_ctl, or undefined when this machine has none. */
export function findPostgresBin(): string | undefined {
  for (const base of BIN_DIRS) {
    if (!fs.existsSync(base)) continue;
    for (const version of fs.readdirSync(base).sort().reverse()) {
      const bin = path.join(base, version, 'bin');
      if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
    }
  }
  return undefined;
}

/** Runs a command as `postgres` when we are root (initdb and postgres refuse to run as root). */
function asPostgres(command: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
}

export function postgresServerProcess(bin: string, port: number): PostgresServerProcess {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    running: () => fs.existsSync(path.join(dataDir, 'postmaster.pid')),
    stop: () => asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
