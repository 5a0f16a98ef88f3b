import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs one of the product's npm entry scripts as a real process with its own environment. */
export function runEntry(entry: 'all-in-one' | 'api' | 'worker', env: Record<string, string | undefined>): RunningProcess {
  const cleanEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'info' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) cleanEnv[k] = v;
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs'), entry], {
    cwd: repoRoot,
    env: cleanEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Polls a URL until it answers 200, or fails with what the process printed. */
export async function waitForOk(url: string, proc: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${proc.output()}`);
}

/**
 * Waits for the process to exit; one still running after `timeoutMs` (a hang, not a slow
 * machine) is killed and fails the wait with what it printed.
 */
export async function exitOf(proc: RunningProcess, timeoutMs = 30_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      proc.child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms:\n${proc.output()}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([proc.exited, hung]);
  } finally {
    clearTimeout(timer);
  }
}

export { freePort };

/** Where one product process of a test lives: a new data folder and a free port. */
export interface ProductPlace {
  dataDir: string;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The DATA_DIR and PORT to start it with. */
  env: { DATA_DIR: string; PORT: string };
}

/** A new data folder (`mirrorverse-<label>-…` in the temp folder) and a free port for a product process. */
export async function productPlace(label: string): Promise<ProductPlace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mirrorverse-${label}-`));
  const port = await freePort();
  return { dataDir, port, origin: `http://127.0.0.1:${port}`, env: { DATA_DIR: dataDir, PORT: String(port) } };
}
