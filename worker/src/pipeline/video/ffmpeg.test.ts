import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegNotFoundError, resolveFfmpeg } from './ffmpeg';
import { fromFfmpegBanner, fromFfprobeJson } from './probe';

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

describe('reading what a video is', () => {
  it('parses ffmpeg -i output', () => {
    const banner = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':",
      '  Duration: 00:00:04.04, start: 0.000000, bitrate: 1028 kb/s',
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 720x900 [SAR 1:1 DAR 4:5], 1023 kb/s, 30 fps, 30 tbr, 15360 tbn, 60 tbc (default)',
      'At least one output file must be specified',
    ].join('\n');
    expect(fromFfmpegBanner(banner)).toEqual({ durationSeconds: 4.04, width: 720, height: 900, codec: 'h264', pixFmt: 'yuv420p' });
  });

  it('parses ffprobe json', () => {
    const json = JSON.stringify({ streams: [{ codec_name: 'h264', width: 720, height: 900, pix_fmt: 'yuv420p', duration: '3.000000' }], format: { duration: '3.000000' } });
    expect(fromFfprobeJson(json)).toEqual({ durationSeconds: 3, width: 720, height: 900, codec: 'h264', pixFmt: 'yuv420p' });
  });

  it('refuses what is not a video', () => {
    expect(() => fromFfmpegBanner('clip.mp4: Invalid data found when processing input')).toThrow(/not a readable video/);
  });
});
