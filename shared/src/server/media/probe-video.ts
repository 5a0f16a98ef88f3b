import { execFile } from 'node:child_process';
import { access, constants, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { VideoFormat } from './sniff';

export interface VideoProbe {
  /** Display size (rotation metadata applied); 0 when no tool could measure it. */
  width: number;
  height: number;
  durationSeconds: number | null;
  /** The video stream's codec and pixel format (h264, yuv420p), when the tool said. */
  codec: string | null;
  pixFmt: string | null;
  /** False when neither ffprobe nor ffmpeg was available: the numbers are placeholders. */
  measured: boolean;
}

/** A tool looked at the file and found no video stream in it. */
export class UnreadableVideoError extends Error {
  constructor(message = 'Invalid video file') {
    super(message);
    this.name = 'UnreadableVideoError';
  }
}

export type VideoTool = { kind: 'ffprobe'; path: string } | { kind: 'ffmpeg'; path: string };

const PROBE_TIMEOUT_MS = 20_000;
let cachedTool: Promise<VideoTool | null> | undefined;

/**
 * The tool to measure videos with: `ffprobe` on PATH, else `ffmpeg` on PATH, else the binary
 * of the optional npm package `@ffmpeg-installer/ffmpeg` (installed for the worker), else none.
 * Looked up once per process.
 */
export function findVideoTool(): Promise<VideoTool | null> {
  cachedTool ??= (async () => {
    const ffprobe = await onPath('ffprobe');
    if (ffprobe) return { kind: 'ffprobe', path: ffprobe };
    const ffmpeg = (await onPath('ffmpeg')) ?? (await installedFfmpeg());
    return ffmpeg ? { kind: 'ffmpeg', path: ffmpeg } : null;
  })();
  return cachedTool;
}

async function onPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

async function installedFfmpeg(): Promise<string | null> {
  try {
    // Optional: resolved at run time, so neither install nor type-check depends on it.
    const required = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    if (typeof required.path !== 'string') return null;
    await access(required.path, constants.X_OK);
    return required.path;
  } catch {
    return null;
  }
}

export interface ProbeOptions {
  /** The sniffed format: the demuxer is then forced to it rather than guessed from the content. */
  format?: VideoFormat;
  /** The tool to use; looked up with `findVideoTool` when left out, none when null. */
  tool?: VideoTool | null;
}

const DEMUXER: Record<VideoFormat, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska' };

/**
 * Measures a video file; without a tool, answers 0×0 with `measured: false`. The input is
 * untrusted: only the local file protocol is allowed (no playlists or references reaching out).
 */
export async function probeVideo(file: string, options: ProbeOptions = {}): Promise<VideoProbe> {
  const found = options.tool === undefined ? await findVideoTool() : options.tool;
  if (!found) return { width: 0, height: 0, durationSeconds: null, codec: null, pixFmt: null, measured: false };
  const input = ['-protocol_whitelist', 'file', ...(options.format ? ['-f', DEMUXER[options.format]] : []), '-i', `file:${file}`];
  return found.kind === 'ffprobe' ? probeWithFfprobe(found.path, input) : probeWithFfmpeg(found.path, input);
}

/** Measures a video held in memory (a clip the worker made) through a temp file. */
export async function probeVideoData(data: Buffer, options: ProbeOptions = {}): Promise<VideoProbe> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'video-probe-'));
  try {
    const file = path.join(dir, 'video');
    await writeFile(file, data);
    return await probeVideo(file, options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(bin: string, args: string[]): Promise<{ stdout: string; stderr: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return reject(error);
      if (error?.killed) return reject(new Error(`${path.basename(bin)} timed out probing a video`));
      resolve({ stdout, stderr, failed: Boolean(error) });
    });
  });
}

async function probeWithFfprobe(bin: string, input: string[]): Promise<VideoProbe> {
  const { stdout } = await run(bin, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...input]);
  return parseFfprobeJson(stdout);
}

async function probeWithFfmpeg(bin: string, input: string[]): Promise<VideoProbe> {
  // `ffmpeg -i file` with no output exits 1 by design; the stream description is on stderr.
  const { stderr } = await run(bin, ['-hide_banner', '-nostdin', ...input]);
  return parseFfmpegInfo(stderr);
}

interface FfprobeOutput {
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    codec_name?: string;
    pix_fmt?: string;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { duration?: string };
}

export function parseFfprobeJson(json: string): VideoProbe {
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(json || '{}') as FfprobeOutput;
  } catch {
    throw new UnreadableVideoError();
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0);
  if (!video) throw new UnreadableVideoError();
  const rotation = Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  const duration = Number(parsed.format?.duration ?? video.duration);
  const codecInfo = { codec: video.codec_name ?? null, pixFmt: video.pix_fmt ?? null };
  return oriented(video.width ?? 0, video.height ?? 0, rotation, Number.isFinite(duration) && duration > 0 ? duration : null, codecInfo);
}

/** Reads `Duration: 00:00:01.00` and `Stream #0:0…: Video: h264 …, 64x48 …` from ffmpeg's report. */
export function parseFfmpegInfo(stderr: string): VideoProbe {
  const stream = /Stream #\d+:\d+[^\n]*?: Video: [^\n]*?, (\d{1,5})x(\d{1,5})\b/.exec(stderr);
  if (!stream) throw new UnreadableVideoError();
  const width = Number(stream[1]);
  const height = Number(stream[2]);
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const duration = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  const rotate = /rotate\s*:\s*(-?\d+)/.exec(stderr) ?? /rotation of (-?[\d.]+) degrees/.exec(stderr);
  // `Video: h264 (High) (avc1 / …), yuv420p(tv, bt709), 720x900`: the codec, then the pixel format.
  const format = /Stream #\d+:\d+[^\n]*?: Video: (\w+)[^,\n]*, (\w+)/.exec(stderr);
  const codecInfo = { codec: format?.[1] ?? null, pixFmt: format?.[2] ?? null };
  return oriented(width, height, rotate ? Number(rotate[1]) : 0, duration && duration > 0 ? duration : null, codecInfo);
}

function oriented(
  width: number,
  height: number,
  rotation: number,
  durationSeconds: number | null,
  codecInfo: { codec: string | null; pixFmt: string | null },
): VideoProbe {
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarterTurn
    ? { width: height, height: width, durationSeconds, ...codecInfo, measured: true }
    : { width, height, durationSeconds, ...codecInfo, measured: true };
}
