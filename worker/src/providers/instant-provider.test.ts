import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InstantProvider } from './instant-provider';
import { PermanentGenerationError } from './provider';

const photo = () => sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
const request = async (attempt = 1) => ({ mode: 'custom-prompt' as const, prompt: 'x', source: await photo(), aspectRatio: '16:9' as const, attempt, seed: 1, signal: AbortSignal.timeout(5_000) });

describe('InstantProvider', () => {
  it('answers at once with the photo at the output ratio, tinted, and asks for no likeness check', async () => {
    const provider = new InstantProvider();
    expect(provider.checksIdentity).toBe(false);
    const image = await provider.generate(await request());
    expect(image).toMatchObject({ provider: 'instant', contentType: 'image/jpeg', width: 512, height: 288 });
    const meta = await sharp(image.data).metadata();
    expect([meta.width, meta.height]).toEqual([512, 288]);
    const [first, second] = await Promise.all([provider.generate(await request(1)), provider.generate(await request(2))]);
    // A retry looks different from the attempt before it.
    expect(first.data.equals(second.data)).toBe(false);
  });

  it('refuses an unreadable photo for good', async () => {
    await expect(new InstantProvider().generate({ ...(await request()), source: Buffer.from('not an image') })).rejects.toBeInstanceOf(PermanentGenerationError);
  });
});
