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
    const frames: Buffer[] = [];
    for (const [index, time] of times.entries()) {
      const out = path.join(dir, `frame-${index}.png`);
      const args = ['-v', 'error', '-protocol_whitelist', 'file', '-ss', time.toFixed(3), '-i', `file:${file}`, '-frames:v', '1', '-y', out];
      const result = await run(ffmpeg.path, args);
      if (result.code !== 0) throw new Error(`ffmpeg could not take a frame at ${time.toFixed(2)} s (exit ${result.code}): ${result.stderr.trim().slice(-500)}`);
      frames.push(await readFile(out));
    }
    return frames;
  });
}
