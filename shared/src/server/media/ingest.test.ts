import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidInputError, TooLargeError } from '../domain-errors';
import { INGEST_ERRORS, MediaIngest, type ReceivedFile } from './ingest';
import { findVideoTool } from './probe-video';
import { SNIFF_HEAD_BYTES } from './sniff';

const FACES = fileURLToPath(new URL('../../../../tests/fixtures/faces/', import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const tool = await findVideoTool();
/** ffmpeg makes the clip; the ingest measures it with the tool the product finds (ffprobe first). In CI the test must run. */
const ffmpeg =
  (process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'ffmpeg')).find((candidate) => candidate && fs.existsSync(candidate)) ??
  (tool?.kind === 'ffmpeg' ? tool.path : undefined);

let files = 0;
/** A file as the multipart reader hands it over: on disk, its first bytes kept. */
function received(data: Buffer): ReceivedFile {
  const file = path.join(dir, `file-${files++}`);
  fs.writeFileSync(file, data);
  return { path: file, bytes: data.length, head: data.subarray(0, SNIFF_HEAD_BYTES) };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } });

describe('MediaIngest', () => {
  const ingest = new MediaIngest({ limits: { maxImageBytes: 1024 * 1024, maxVideoBytes: 4 * 1024 * 1024 } });

  it('keeps the test faces at their size, a JPEG as JPEG and a PNG as PNG', async () => {
    for (const [name, format, contentType] of [
      ['grace_hopper.jpg', 'jpg', 'image/jpeg'],
      ['chelsea.png', 'png', 'image/png'],
    ] as const) {
      const bytes = fs.readFileSync(path.join(FACES, name));
      const { width, height } = await sharp(bytes).metadata();
      const media = await ingest.ingest(received(bytes), 'auto');
      expect(media, name).toMatchObject({ kind: 'image', format, contentType, width, height, durationSeconds: null });
      const body = media.body() as Buffer;
      expect(media.bytes).toBe(body.length);
      expect((await sharp(body).metadata()).format).toBe(format === 'jpg' ? 'jpeg' : 'png');
    }
  });

  it('goes by the bytes: a GIF is kept as its first frame in PNG, whatever it was called', async () => {
    const frame = (hex: string) => sharp({ create: { width: 30, height: 20, channels: 3, background: hex } }).png().toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } }).gif().toBuffer();
    const media = await ingest.ingest(received(gif));
    expect(media).toMatchObject({ kind: 'image', format: 'png', contentType: 'image/png', width: 30, height: 20 });
    expect((await sharp(media.body() as Buffer).metadata()).pages ?? 1).toBe(1);
  });

  it('refuses an empty file, a text file, and an image where a video was asked for', async () => {
    const empty = await refusal(ingest.ingest(received(Buffer.alloc(0))));
    expect(empty).toBeInstanceOf(InvalidInputError);
    expect(empty).toMatchObject({ message: INGEST_ERRORS.empty });
    await expect(ingest.ingest(received(Buffer.from('not a photo\n'.repeat(40))))).rejects.toMatchObject({ message: 'Unsupported file type' });
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    await expect(ingest.ingest(received(jpeg), 'video')).rejects.toMatchObject({ message: 'Unsupported file type' });
    await expect(ingest.ingest(received(jpeg), 'image')).resolves.toMatchObject({ kind: 'image' });
  });

  it('refuses a file over its type’s byte limit with TooLargeError, and a broken or oversized image with 400 texts', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const tooLarge = await refusal(ingest.ingest({ ...received(png), bytes: 1024 * 1024 + 1 }));
    expect(tooLarge).toBeInstanceOf(TooLargeError);
    expect(tooLarge).toMatchObject({ message: 'File too large' });

    const jpeg = await solid(50, 50).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(600, 0x41)]);
    await expect(ingest.ingest(received(broken))).rejects.toMatchObject({ message: 'Invalid image file' });

    const small = new MediaIngest({ limits: { maxImagePixels: 100 } });
    const bomb = await refusal(small.ingest(received(await solid(20, 20).png().toBuffer())));
    expect(bomb).toBeInstanceOf(InvalidInputError);
    expect(bomb).toMatchObject({ message: 'Image is too large' });
  });

  it('tells a file’s byte limit from its first bytes, refusing unknown or empty ones there and then', async () => {
    const jpegHead = (await solid(10, 10).jpeg().toBuffer()).subarray(0, SNIFF_HEAD_BYTES);
    expect(ingest.byteLimit(jpegHead)).toBe(1024 * 1024);
    expect(ingest.maxFileBytes).toBe(4 * 1024 * 1024);
    expect(() => ingest.byteLimit(Buffer.from('hello world'))).toThrow('Unsupported file type');
    expect(() => ingest.byteLimit(Buffer.alloc(0))).toThrow('Empty file');
  });

  it('takes a video as it is, streamed from its file (placeholders when no tool can measure it)', async () => {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypisom', 4, 'latin1');
    ftyp.write('isomavc1', 16, 'latin1');
    const clip = Buffer.concat([ftyp, Buffer.alloc(1000, 7)]);
    const media = await new MediaIngest({ probe: { tool: null } }).ingest(received(clip), 'video');
    expect(media).toMatchObject({ kind: 'video', format: 'mp4', contentType: 'video/mp4', bytes: clip.length, width: 0, height: 0 });
    const body = media.body();
    expect(body).toBeInstanceOf(Readable);
    expect(Buffer.concat(await (body as Readable).toArray())).toEqual(clip);
  });

  it.runIf(ffmpeg !== undefined || process.env.CI === 'true')('measures a real clip, and refuses a file that only starts like a video', async () => {
    const file = path.join(dir, 'clip.mp4');
    await promisify(execFile)(ffmpeg ?? 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', '-y', file]);
    const clip = fs.readFileSync(file);
    await expect(ingest.ingest(received(clip))).resolves.toMatchObject({ kind: 'video', format: 'mp4', width: 64, height: 48, durationSeconds: 1 });
    const fake = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 9)]);
    await expect(ingest.ingest(received(fake))).rejects.toMatchObject({ message: 'Invalid video file' });
  });
});
