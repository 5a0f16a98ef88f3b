import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalProvider } from '../local/local-provider';
import { PermanentGenerationError } from '../provider';
import { ThreadedLocalProvider } from './threaded-local-provider';

const photo = () => sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 180, g: 120, b: 90 } } }).jpeg().toBuffer();
const request = async () => ({ mode: 'custom-prompt' as const, prompt: 'a portrait in anime style', source: await photo(), aspectRatio: '4:5' as const, attempt: 1, seed: 9, signal: AbortSignal.timeout(30_000) });

describe('ThreadedLocalProvider', () => {
  const threaded = new ThreadedLocalProvider(2, 30_000);
  afterAll(() => threaded.close());

  it('makes the same image as the local engine, on a thread', async () => {
    const [here, there] = await Promise.all([new LocalProvider().generate(await request()), threaded.generate(await request())]);
    expect(there).toMatchObject({ provider: 'local', width: here.width, height: here.height, contentType: here.contentType });
    expect(Buffer.isBuffer(there.data)).toBe(true);
    expect(there.data.equals(here.data)).toBe(true);
  });

  it('passes a permanent failure on as permanent', async () => {
    await expect(threaded.generate({ ...(await request()), source: Buffer.from('not a photo') })).rejects.toBeInstanceOf(PermanentGenerationError);
  });
});
