/**
 * Finding and running ffmpeg: the machine's own on PATH first, else the static binary shipped in
 * the npm package @ffmpeg-installer/ffmpeg (a dependency of the worker). Videos are measured by
 * the one probe the api uses too (`@app/shared/server/media/probe-video`).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod } from 'node:fs/promises';
import path from 'node:path';

export interface FfmpegBinary {
  path: string;
  source: 'system' | 'npm';
}

export class FfmpegNotFoundError extends Error {
  constructor() {
    super(
      'ffmpeg was not found: install it on the machine (e.g. `apt-get install ffmpeg`, so that `ffmpeg` is on PATH) ' +
        'or install the worker\'s dependencies so that the npm package @ffmpeg-installer/ffmpeg provides its binary ' +
        '(`npm i -w worker @ffmpeg-installer/ffmpeg`).',
    );
    this.name = 'FfmpegNotFoundError';
  }
}

export interface ResolveOptions {
  /** The PATH to search; process.env.PATH by default. */
  pathEnv?: string;
  /** Where the npm package's binary is; by default asks @ffmpeg-installer/ffmpeg. */
  npmBinary?: () => Promise<string | undefined>;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable called `name` on a PATH-style list of directories. */
export async function findOnPath(name: string, pathEnv = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of pathEnv.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

async function npmFfmpegPath(): Promise<string | undefined> {
  try {
    const mod = await import('@ffmpeg-installer/ffmpeg');
    return mod.default.path;
  } catch {
    // Not installed, or no binary for this platform (the package throws a string then).
    return undefined;
  }
}

async function resolve(options: ResolveOptions): Promise<FfmpegBinary> {
  const system = await findOnPath('ffmpeg', options.pathEnv);
  if (system) return { path: system, source: 'system' };
  const shipped = await (options.npmBinary ?? npmFfmpegPath)();
  if (shipped) {
    if (!(await isExecutable(shipped))) {
      // The package sets the execute bit in a postinstall script; installs that skip scripts
      // usually keep it from the tarball, but set it if it is missing.
      await chmod(shipped, 0o755).catch(() => undefined);
    }
    if (await isExecutable(shipped)) return { path: shipped, source: 'npm' };
  }
  throw new FfmpegNotFoundError();
}

let cached: Promise<FfmpegBinary> | undefined;

/** Where ffmpeg is. Cached for the process when called without options. */
export function resolveFfmpeg(options?: ResolveOptions): Promise<FfmpegBinary> {
  if (options) return resolve(options);
  cached ??= resolve({}).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs a binary to completion; the signal kills it. Never rejects on a non-zero exit. */
export function run(binary: string, args: readonly string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (err.length > 20_000) err = err.slice(-10_000);
    });
    child.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    child.on('close', (code) => {
      if (signal?.aborted) reject(signal.reason);
      else resolvePromise({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}
