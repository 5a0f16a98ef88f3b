/**
 * A still made into a short clip: a slow, eased camera move (push-in, pans, drift), encoded as
 * H.264/yuv420p mp4 with faststart. The move is ffmpeg's perspective filter evaluated per frame,
 * which samples the still at sub-pixel positions: unlike zoompan, which crops at whole pixels and
 * judders unless the still is upscaled several times first, it glides.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Motion } from '../ports';
import { resolveFfmpeg, run } from './ffmpeg';
import { withTempDir } from './temp-dir';

export interface AnimateOptions {
  /** Clip length; 3–5 s is what the product uses (1–10 accepted). */
  durationSeconds: number;
  /** Output size; rounded down to even numbers, as yuv420p needs. */
  width: number;
  height: number;
  motion: Motion;
  fps?: 24 | 30;
}

/** 0 → 1 with a gentle start and stop, as an ffmpeg expression of the frame number. */
function eased(frames: number): string {
  return `(0.5-0.5*cos(PI*in/${Math.max(1, frames - 1)}))`;
}

/**
 * The visible part of the still at each frame, as zoom and anchor expressions: the window is
 * 1/zoom of the frame, placed at `ax`, `ay` (0 = left/top edge, 1 = right/bottom edge).
 */
export function motionExpressions(motion: Motion, frames: number): { zoom: string; ax: string; ay: string } {
  const e = eased(frames);
  switch (motion) {
    case 'push-in':
      // Towards a point a little above the middle, where faces usually are.
      return { zoom: `(1+0.14*${e})`, ax: '0.5', ay: '0.42' };
    case 'pan-left':
      return { zoom: '1.14', ax: `(1-${e})`, ay: '0.45' };
    case 'pan-right':
      return { zoom: '1.14', ax: `${e}`, ay: '0.45' };
    case 'drift':
      return { zoom: `(1.08+0.06*${e})`, ax: `(0.3+0.4*${e})`, ay: `(0.6-0.3*${e})` };
  }
}

/** ffmpeg's perspective filter, evaluated per frame: sub-pixel exact, so the move never judders. */
function cameraFilter(motion: Motion, frames: number): string {
  const { zoom, ax, ay } = motionExpressions(motion, frames);
  const left = `((W-W/${zoom})*${ax})`;
  const top = `((H-H/${zoom})*${ay})`;
  const right = `(${left}+W/${zoom})`;
  const bottom = `(${top}+H/${zoom})`;
  return `perspective=x0='${left}':y0='${top}':x1='${right}':y1='${top}':x2='${left}':y2='${bottom}':x3='${right}':y3='${bottom}':interpolation=linear:eval=frame`;
}

function even(v: number): number {
  return Math.max(2, Math.floor(v / 2) * 2);
}

/** Renders `image` (any format sharp reads) into an mp4 clip. */
export async function animateStill(image: Buffer, options: AnimateOptions, signal?: AbortSignal): Promise<Buffer> {
  const { durationSeconds, motion } = options;
  if (!(durationSeconds >= 1 && durationSeconds <= 10)) throw new RangeError(`durationSeconds must be 1–10, got ${durationSeconds}`);
  if (!(options.width >= 16 && options.height >= 16 && options.width <= 4096 && options.height <= 4096)) {
    throw new RangeError(`bad video size ${options.width}×${options.height}`);
  }
  const width = even(options.width);
  const height = even(options.height);
  const fps = options.fps ?? 30;
  const frames = Math.round(durationSeconds * fps);
  const ffmpeg = await resolveFfmpeg();
  signal?.throwIfAborted();

  // The still cropped to the clip's shape, as raw RGB: no encoding on our side, no decoding on
  // ffmpeg's. (Feeding it 15 % larger keeps a little more detail at the deepest zoom but costs
  // ~50 % more CPU in the perspective filter; not worth it at 720 px.)
  const still = await sharp(image).rotate().resize(width, height, { fit: 'cover', position: 'attention' }).removeAlpha().raw().toBuffer();
  signal?.throwIfAborted();

  return withTempDir(async (dir) => {
    const input = path.join(dir, 'still.rgb');
    const output = path.join(dir, 'clip.mp4');
    await writeFile(input, still);
    const filter = [
      `loop=loop=${frames - 1}:size=1:start=0`,
      `setpts=N/(${fps}*TB)`,
      'format=yuv444p',
      cameraFilter(motion, frames),
      'setsar=1',
      'format=yuv420p',
    ].join(',');
    const args = [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', input,
      '-vf', filter,
      '-frames:v', String(frames), '-r', String(fps),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-profile:v', 'high',
      '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an',
      output,
    ];
    const result = await run(ffmpeg.path, args, signal);
    if (result.code !== 0) throw new Error(`ffmpeg failed (exit ${result.code}): ${result.stderr.trim().slice(-2000)}`);
    return readFile(output);
  });
}
