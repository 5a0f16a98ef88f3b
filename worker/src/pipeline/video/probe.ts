/** What is inside a video: duration, size, codec, pixel format. ffprobe if there is one, else `ffmpeg -i`. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveFfmpeg, resolveFfprobe, run } from './ffmpeg';
import { withTempDir } from './temp-dir';

export interface VideoInfo {
  durationSeconds: number;
  width: number;
  height: number;
  codec: string;
  pixFmt: string;
}

export async function probeVideo(video: Buffer, signal?: AbortSignal): Promise<VideoInfo> {
  const ffmpeg = await resolveFfmpeg();
  const ffprobe = await resolveFfprobe(ffmpeg);
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'probe.mp4');
    await writeFile(file, video);
    if (ffprobe) {
      const result = await run(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,pix_fmt,duration:format=duration', '-of', 'json', file], signal);
      if (result.code !== 0) throw new Error(`ffprobe failed: ${result.stderr.trim().slice(-1000)}`);
      return fromFfprobeJson(result.stdout.toString());
    }
    // Without an output file ffmpeg exits 1 after printing the input's description: expected.
    const result = await run(ffmpeg.path, ['-hide_banner', '-nostdin', '-i', file], signal);
    return fromFfmpegBanner(result.stderr);
  });
}

export function fromFfprobeJson(json: string): VideoInfo {
  const parsed = JSON.parse(json) as { streams?: Array<Record<string, unknown>>; format?: { duration?: string } };
  const stream = parsed.streams?.[0];
  if (!stream) throw new Error('no video stream');
  return {
    durationSeconds: Number(stream.duration ?? parsed.format?.duration),
    width: Number(stream.width),
    height: Number(stream.height),
    codec: String(stream.codec_name),
    pixFmt: String(stream.pix_fmt),
  };
}

/** Reads `Duration: 00:00:04.00` and `Stream #0:0…: Video: h264 (High) (…), yuv420p(progressive), 720x900 …`. */
export function fromFfmpegBanner(stderr: string): VideoInfo {
  const duration = /Duration:\s*(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+.*?: Video: (\w+)[^,]*, (\w+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(stderr);
  if (!duration || !video) throw new Error(`not a readable video: ${stderr.trim().slice(-500)}`);
  const [, h, m, s] = duration;
  const [, codec, pixFmt, w, ht] = video;
  return {
    durationSeconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
    width: Number(w),
    height: Number(ht),
    codec: codec!,
    pixFmt: pixFmt!,
  };
}
