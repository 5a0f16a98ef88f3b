import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { probeVideo } from '@app/shared/server/media/probe-video';
import { resolveFfmpeg, run } from '../pipeline/video/ffmpeg';
import { withTempDir } from '../pipeline/video/temp-dir';

/**
 * Three frames of a clip as PNGs: its first, its middle and its last (a tenth of a second before
 * the end, where a frame surely is). What the screening looks at for a video.
 */
export function videoFrames(video: Buffer): Promise<Buffer[]> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await writeFile(file, video);
    const duration = (await probeVideo(file, { format: 'mp4' })).durationSeconds ?? 0;
    const ffmpeg = await resolveFfmpeg();
    const times = [0, duration / 2, Math.max(0, duration - 0.1)];
    // One ffmpeg for the three: each time seeks an input of its own, each output takes one frame.
    const inputs = times.flatMap((time) => ['-ss', time.toFixed(3), '-i', `file:${file}`]);
    const outputs = times.flatMap((_, index) => ['-map', `${index}:v:0`, '-frames:v', '1', path.join(dir, `frame-${index}.png`)]);
    const result = await run(ffmpeg.path, ['-v', 'error', '-protocol_whitelist', 'file', ...inputs, '-y', ...outputs]);
    if (result.code !== 0) throw new Error(`ffmpeg could not take the clip's frames (exit ${result.code}): ${result.stderr.trim().slice(-500)}`);
    const frames = await Promise.all(times.map((_, index) => readFile(path.join(dir, `frame-${index}.png`))));
    return frames;
  });
}
