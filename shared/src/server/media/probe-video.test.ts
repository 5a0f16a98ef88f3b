import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UnreadableVideoError, findVideoTool, parseFfmpegInfo, parseFfprobeJson, probeVideo } from './probe-video';
import { sniffMediaType } from './sniff';

const FFMPEG_REPORT = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Metadata:
    major_brand     : isom
  Duration: 00:01:02.50, start: 0.000000, bitrate: 22 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 14 kb/s, 30 fps (default)
    Metadata:
      rotate          : 90
      handler_name    : VideoHandler
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s (default)
At least one output file must be specified`;

describe('video probe parsing', () => {
  it('reads size, duration and rotation from ffmpeg -i', () => {
    expect(parseFfmpegInfo(FFMPEG_REPORT)).toEqual({ width: 1080, height: 1920, durationSeconds: 62.5, codec: 'h264', pixFmt: 'yuv420p', measured: true });
    expect(parseFfmpegInfo(FFMPEG_REPORT.replace(/rotate.*\n/, ''))).toMatchObject({ width: 1920, height: 1080 });
    expect(parseFfmpegInfo(FFMPEG_REPORT.replace('rotate          : 90', 'displaymatrix: rotation of -90.00 degrees'))).toMatchObject({
      width: 1080,
      height: 1920,
    });
  });

  it('reads codec and pixel format, from ffmpeg -i and from ffprobe', () => {
    const banner = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':",
      '  Duration: 00:00:04.04, start: 0.000000, bitrate: 1028 kb/s',
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 720x900 [SAR 1:1 DAR 4:5], 1023 kb/s, 30 fps (default)',
    ].join('\n');
    expect(parseFfmpegInfo(banner)).toEqual({ width: 720, height: 900, durationSeconds: 4.04, codec: 'h264', pixFmt: 'yuv420p', measured: true });
    const json = JSON.stringify({ streams: [{ codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p', width: 720, height: 900 }], format: { duration: '3.000000' } });
    expect(parseFfprobeJson(json)).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', durationSeconds: 3 });
  });

  it('refuses a report without a video stream', () => {
    expect(() => parseFfmpegInfo("clip.mp4: Invalid data found when processing input")).toThrow(UnreadableVideoError);
    expect(() => parseFfmpegInfo('  Duration: 00:00:03.00\n    Stream #0:0: Audio: aac, 44100 Hz')).toThrow(UnreadableVideoError);
  });

  it('reads ffprobe JSON', () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: 'audio' },
        { codec_type: 'video', width: 640, height: 360, side_data_list: [{ rotation: -90 }] },
      ],
      format: { duration: '4.000000' },
    });
    expect(parseFfprobeJson(json)).toEqual({ width: 360, height: 640, durationSeconds: 4, codec: null, pixFmt: null, measured: true });
    expect(() => parseFfprobeJson('{"streams":[]}')).toThrow(UnreadableVideoError);
    expect(() => parseFfprobeJson('')).toThrow(UnreadableVideoError);
  });

  it('answers placeholders when no tool is available', async () => {
    expect(await probeVideo('/nonexistent.mp4', { tool: null })).toEqual({ width: 0, height: 0, durationSeconds: null, codec: null, pixFmt: null, measured: false });
  });
});

// Real files, through both tools the product may use: ffprobe (what the Dockerfile installs, so
// production's path) and ffmpeg alone (the fallback, also what makes the clips here). In CI
// (CI=true, .ci/run installs Debian's ffmpeg, which ships both) a missing tool fails the tests;
// elsewhere the tests of a tool the machine lacks are skipped.
const onPath = (name: string): string | null => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = dir && path.join(dir, name);
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
};
const found = await findVideoTool();
const ffprobe = onPath('ffprobe');
const ffmpeg = onPath('ffmpeg') ?? (found?.kind === 'ffmpeg' ? found.path : null);
const required = process.env.CI === 'true';

describe.each([
  { kind: 'ffprobe' as const, bin: ffprobe },
  { kind: 'ffmpeg' as const, bin: ffmpeg },
])('video probe of real files ($kind)', ({ kind, bin }) => {
  const runs = Boolean(bin && ffmpeg) || required;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-test-'));
  const tool = { kind, path: bin ?? '' };
  const make = async (name: string, codecArgs: string[]) => {
    if (!ffmpeg) throw new Error('ffmpeg is not installed (CI=true: .ci/run installs Debian\'s ffmpeg)');
    const file = path.join(dir, name);
    await promisify(execFile)(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-t', '1', ...codecArgs, '-y', file]);
    return file;
  };

  it.runIf(runs)(`finds ${kind}`, () => {
    expect(bin, `${kind} is not installed (CI=true: .ci/run installs Debian's ffmpeg)`).toBeTruthy();
  });

  it.runIf(runs)('measures an mp4 and a webm, which sniff as what they are', async () => {
    const mp4 = await make('clip.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    const webm = await make('clip.webm', ['-c:v', 'libvpx']);
    const mov = await make('clip.mov', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    expect(sniffMediaType(fs.readFileSync(mp4).subarray(0, 256))?.format).toBe('mp4');
    expect(sniffMediaType(fs.readFileSync(webm).subarray(0, 256))?.format).toBe('webm');
    expect(sniffMediaType(fs.readFileSync(mov).subarray(0, 256))?.format).toBe('mov');
    expect(await probeVideo(mp4, { tool })).toMatchObject({ width: 64, height: 48, durationSeconds: 1, codec: 'h264', pixFmt: 'yuv420p', measured: true });
    expect(await probeVideo(webm, { format: 'webm', tool })).toMatchObject({ width: 64, height: 48, codec: 'vp8', measured: true });
    expect(await probeVideo(mov, { format: 'mov', tool })).toMatchObject({ width: 64, height: 48, measured: true });
    // The demuxer is forced to the sniffed format: a webm is not read as an mp4.
    await expect(probeVideo(webm, { format: 'mp4', tool })).rejects.toThrow(UnreadableVideoError);
  });

  it.runIf(runs)('refuses a file that only starts like a video', async () => {
    const fake = path.join(dir, 'fake.mp4');
    const mp4 = await make('real.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    fs.writeFileSync(fake, Buffer.concat([fs.readFileSync(mp4).subarray(0, 40), Buffer.alloc(2000, 7)]));
    await expect(probeVideo(fake, { tool })).rejects.toThrow(UnreadableVideoError);
  });
});

describe('the tool the product probes with', () => {
  it.runIf(Boolean(ffprobe) || required)('is ffprobe when it is installed, as in the Docker image', () => {
    expect(found).toEqual({ kind: 'ffprobe', path: ffprobe });
  });
});
