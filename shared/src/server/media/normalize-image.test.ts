import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GIF_MAX_FRAME_PIXELS, ImageTooLargeError, UnreadableImageError, canDecodeImage, normalizeImage } from './normalize-image';

const MAX = { maxPixels: 50_000_000 };

/** 300×200, left half red, right half blue, stored with EXIF orientation 6 (rotate 90° clockwise) and GPS. */
async function rotatedPhoto(): Promise<Buffer> {
  const red = await sharp({ create: { width: 150, height: 200, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Phone', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const pixel = async (image: Buffer, left: number, top: number) =>
  [...(await sharp(image).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())];

describe('normalizeImage', () => {
  it('applies the EXIF orientation and keeps no metadata', async () => {
    const input = await rotatedPhoto();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(before.exif?.toString('latin1')).toContain('Acme');

    const out = await normalizeImage(input, 'jpg', MAX);
    expect(out).toMatchObject({ format: 'jpg', contentType: 'image/jpeg', width: 200, height: 300 });
    const after = await sharp(out.data).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.data.toString('latin1')).not.toContain('Acme');
    // Turned a quarter clockwise: the red left half is now the top.
    const top = await pixel(out.data, 100, 40);
    const bottom = await pixel(out.data, 100, 260);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('keeps PNG and WebP in their format, and takes the first frame of a GIF as PNG', async () => {
    const base = () => sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } });
    expect(await normalizeImage(await base().png().toBuffer(), 'png', MAX)).toMatchObject({ format: 'png', width: 20, height: 10 });
    expect(await normalizeImage(await base().webp().toBuffer(), 'webp', MAX)).toMatchObject({ format: 'webp', contentType: 'image/webp' });
    const gif = await normalizeImage(await base().gif().toBuffer(), 'gif', MAX);
    expect(gif).toMatchObject({ format: 'png', contentType: 'image/png', width: 20, height: 10 });
    expect((await sharp(gif.data).metadata()).format).toBe('png');
  });

  it('stores AVIF as JPEG when this sharp can read it', async () => {
    expect(canDecodeImage('avif')).toBe(true);
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).avif().toBuffer();
    expect(await normalizeImage(avif, 'avif', MAX)).toMatchObject({ format: 'jpg', width: 16, height: 16 });
  });

  it('refuses an image declaring more pixels than allowed, before decoding it', async () => {
    const big = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(normalizeImage(big, 'png', { maxPixels: 100_000 })).rejects.toThrow(ImageTooLargeError);
    await expect(normalizeImage(big, 'png', { maxPixels: 120_000 })).resolves.toMatchObject({ width: 400 });
  });

  it('refuses bytes that only start like an image', async () => {
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(500, 0x41)]);
    await expect(normalizeImage(broken, 'jpg', MAX)).rejects.toThrow(UnreadableImageError);
  });

  describe('animated GIFs', () => {
    const gif = async (side: number, frames: number) => {
      const frame = (i: number) =>
        sharp({ create: { width: side, height: side, channels: 3, background: { r: (i * 40) % 255, g: 60, b: 120 } } }).png().toBuffer();
      const distinct = await Promise.all([frame(0), frame(1)]);
      const pages = Array.from({ length: frames }, (_, i) => distinct[i % 2]!);
      return sharp(pages, { join: { animated: true }, limitInputPixels: false }).gif({ effort: 1 }).toBuffer();
    };

    it('keeps the first frame of a modest animation as a PNG', async () => {
      const out = await normalizeImage(await gif(120, 5), 'gif', MAX);
      expect(out).toMatchObject({ format: 'png', width: 120, height: 120 });
      expect((await sharp(out.data).metadata()).pages ?? 1).toBe(1);
    });

    it('refuses a small file declaring a huge canvas before decoding it', async () => {
      const side = Math.ceil(Math.sqrt(GIF_MAX_FRAME_PIXELS)) + 64;
      const input = await gif(side, 2);
      expect(input.length).toBeLessThan(1_000_000); // cheap to send, 4 × side² bytes to decode
      await expect(normalizeImage(input, 'gif', MAX)).rejects.toBeInstanceOf(ImageTooLargeError);
    });

    it('refuses an animation whose frames × canvas is too much work', async () => {
      await expect(normalizeImage(await gif(1200, 80), 'gif', MAX)).rejects.toBeInstanceOf(ImageTooLargeError);
    }, 60_000);
  });
});
