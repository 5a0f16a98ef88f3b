import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegNotFoundError, resolveFfmpeg } from './ffmpeg';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ffmpeg-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveFfmpeg', () => {
  it('finds an ffmpeg on this machine, the system one or the npm one', async () => {
    const found = await resolveFfmpeg();
    expect(['system', 'npm']).toContain(found.source);
    expect(path.isAbsolute(found.path)).toBe(true);
  });

  it('prefers the one on PATH', async () => {
    const fake = path.join(dir, 'ffmpeg');
    await writeFile(fake, '#!/bin/sh\nexit 0\n');
    await chmod(fake, 0o755);
    expect(await resolveFfmpeg({ pathEnv: dir, npmBinary: async () => '/nowhere/ffmpeg' })).toEqual({ path: fake, source: 'system' });
  });

  it('falls back to the npm package', async () => {
    const shipped = await resolveFfmpeg({ pathEnv: '' });
    expect(shipped.source).toBe('npm');
  });

  it('says what to install when there is none', async () => {
    const missing = resolveFfmpeg({ pathEnv: path.join(dir, 'empty'), npmBinary: async () => undefined });
    await expect(missing).rejects.toBeInstanceOf(FfmpegNotFoundError);
    await expect(missing).rejects.toThrow(/apt-get install ffmpeg.*@ffmpeg-installer\/ffmpeg/s);
  });
});
