import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHumanEmbedder, type FaceEmbedder } from './face-embedder';
import { loadHuman } from './human-runtime';
import { IdentityChecker, type SourceFace } from './identity-check';
import { faceSimilarity } from './similarity';

// The real model, no mocks. Photos: tests/fixtures/faces/ (see its README.md).
const fixtures = fileURLToPath(new URL('../../../../tests/fixtures/faces/', import.meta.url));
const fixture = (name: string): Promise<Buffer> => readFile(fixtures + name);

const SEPIA: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

/** restyled versions of the reference person */
const restyles: Record<string, (img: Buffer) => Promise<Buffer>> = {
  'warm tint': (img) => sharp(img).tint({ r: 255, g: 200, b: 150 }).png().toBuffer(),
  'colour grade': (img) =>
    sharp(img)
      .modulate({ brightness: 1.05, saturation: 1.4, hue: 20 })
      .recomb([
        [1.1, 0.05, 0],
        [0, 0.95, 0.05],
        [0, 0.1, 0.8],
      ])
      .png()
      .toBuffer(),
  greyscale: (img) => sharp(img).greyscale().png().toBuffer(),
  'flipped + cropped 4:5': (img) => sharp(img).flop().resize(400, 500, { fit: 'cover' }).png().toBuffer(),
  sepia: (img) => sharp(img).recomb(SEPIA).png().toBuffer(),
  'high contrast': (img) => sharp(img).linear(1.5, -64).png().toBuffer(),
};

describe('identity check (human 3.3, tfjs wasm, real model)', { timeout: 120_000 }, () => {
  let embedder: FaceEmbedder;
  let checker: IdentityChecker;
  let source: SourceFace;
  const images = new Map<string, Buffer>();
  const scores: Record<string, number | null> = {};
  const embedTimes: number[] = [];
  let loadMs = 0;
  let sourceEmbeds = 0;

  const failureListenersBefore = { uncaught: 0, unhandled: 0 };

  beforeAll(async () => {
    failureListenersBefore.uncaught = process.listenerCount('uncaughtException');
    failureListenersBefore.unhandled = process.listenerCount('unhandledRejection');
    const started = performance.now();
    const real = await createHumanEmbedder();
    loadMs = performance.now() - started;
    // count and time every embedding the checker asks for
    const timed = async <T>(embedding: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      try {
        return await embedding();
      } finally {
        embedTimes.push(performance.now() - t);
      }
    };
    embedder = {
      embed: (image) => timed(() => real.embed(image)),
      embedAll: (image) => timed(() => real.embedAll(image)),
      close: () => real.close(),
    };
    checker = new IdentityChecker(embedder);
    for (const name of ['astronaut.png', 'grace_hopper.jpg', 'camera.png', 'chelsea.png']) {
      images.set(name, await fixture(name));
    }
    const astronaut = images.get('astronaut.png')!;
    for (const [name, restyle] of Object.entries(restyles)) images.set(name, await restyle(astronaut));
    source = await checker.prepareSource(astronaut);
    sourceEmbeds++;
  }, 120_000);

  afterAll(async () => {
    await embedder?.close();
    const sorted = [...embedTimes].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      'identity scores vs astronaut.png:',
      Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, v === null ? null : Number(v.toFixed(3))])),
      `\nmodel load ${loadMs.toFixed(0)} ms; embed per image: first ${embedTimes[0]?.toFixed(0)} ms,` +
        ` median ${median.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (n=${embedTimes.length})`,
    );
  });

  it('leaves no process-wide handler behind that would turn a stray error into a crash', () => {
    // tfjs' wasm runtime installs handlers that rethrow; loading the model must take them back out.
    expect(process.listenerCount('uncaughtException')).toBe(failureListenersBefore.uncaught);
    expect(process.listenerCount('unhandledRejection')).toBe(failureListenersBefore.unhandled);
  });

  it('finds a face in the source photo', () => {
    expect(source.embedding).toBeInstanceOf(Float32Array);
    expect(source.embedding!.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(restyles))('the same person restyled (%s) scores > 0.75 and passes 0.75', async (name) => {
    const verdict = await checker.check(source, images.get(name)!, 0.75);
    scores[name] = verdict.score;
    expect(verdict.applicable).toBe(true);
    expect(verdict.reason).toBeUndefined();
    expect(verdict.score).toBeGreaterThan(0.75);
    expect(verdict.score).toBeLessThanOrEqual(1);
    expect(verdict.passed).toBe(true);
    expect(verdict.threshold).toBe(0.75);
  });

  it.each(['grace_hopper.jpg', 'camera.png'])('a different person (%s) scores < 0.6 and fails 0.65', async (name) => {
    const verdict = await checker.check(source, images.get(name)!, 0.65);
    scores[name] = verdict.score;
    expect(verdict.applicable).toBe(true);
    expect(verdict.score).toBeGreaterThanOrEqual(0);
    expect(verdict.score).toBeLessThan(0.6);
    expect(verdict.passed).toBe(false);
  });

  it('a cat has no face: the check is not applicable (and passes)', async () => {
    const cat = await checker.prepareSource(images.get('chelsea.png')!);
    expect(cat.embedding).toBeNull();
    const verdict = await checker.check(cat, images.get('astronaut.png')!, 0.75);
    expect(verdict).toEqual({
      applicable: false,
      score: null,
      threshold: 0.75,
      passed: true,
      reason: 'no-face-in-source',
    });
  });

  it('an output without a face fails with no-face-in-output', async () => {
    const grey = await sharp({
      create: { width: 512, height: 512, channels: 3, background: { r: 128, g: 128, b: 128 } },
    })
      .png()
      .toBuffer();
    const verdict = await checker.check(source, grey, 0.6);
    scores['plain grey'] = verdict.score;
    expect(verdict).toEqual({
      applicable: true,
      score: 0,
      threshold: 0.6,
      passed: false,
      reason: 'no-face-in-output',
    });
  });

  it('the source is embedded once and reused across retries', async () => {
    const before = embedTimes.length;
    const first = await checker.check(source, images.get('greyscale')!, 0.75);
    const retry = await checker.check(source, images.get('greyscale')!, 0.75);
    expect(embedTimes.length - before).toBe(2); // one embedding per output, none for the source
    expect(sourceEmbeds).toBe(1);
    expect(retry.score).toBeCloseTo(first.score!, 6);
  });

  it('concurrent calls are serialised and each image keeps its own result (no frame caching)', async () => {
    const names = ['astronaut.png', 'grace_hopper.jpg', 'camera.png', 'chelsea.png', 'sepia'];
    const sequential: (Float32Array | null)[] = [];
    for (const name of names) sequential.push(await embedder.embed(images.get(name)!));
    const parallel = await Promise.all(names.map((name) => embedder.embed(images.get(name)!)));
    names.forEach((name, i) => {
      const a = sequential[i] ?? null;
      const b = parallel[i] ?? null;
      if (a === null || b === null) {
        expect(b, name).toBe(a);
      } else {
        expect(faceSimilarity(a, b), name).toBeCloseTo(1, 5);
      }
    });
    // the different people really are different (not a cached result of the previous image)
    expect(faceSimilarity(sequential[1]!, sequential[2]!)).toBeLessThan(0.6);
  });

  it('a second embedder reuses the loaded model', async () => {
    // Loading the models is the slow part: a second embedder must not load them again.
    const loads = vi.spyOn(Object.getPrototypeOf(await loadHuman()) as { load(): Promise<void> }, 'load');
    const again = await createHumanEmbedder();
    expect(loads).not.toHaveBeenCalled();
    loads.mockRestore();
    const embedding = await again.embed(images.get('astronaut.png')!);
    expect(faceSimilarity(embedding!, source.embedding!)).toBeCloseTo(1, 5);
    await again.close();
    await expect(again.embed(images.get('astronaut.png')!)).rejects.toThrow(/closed/);
  });

  it('rejects undecodable images and out-of-range thresholds', async () => {
    await expect(embedder.embed(Buffer.from('not an image'))).rejects.toThrow();
    await expect(checker.check(source, images.get('sepia')!, 1.5)).rejects.toThrow(RangeError);
  });
});

describe('faceSimilarity', () => {
  it('is 1 for identical vectors, 0 for orthogonal ones, clamped to 0..1', () => {
    const a = Float32Array.from([1, 2, 3]);
    expect(faceSimilarity(a, a)).toBeCloseTo(1, 6);
    expect(faceSimilarity(Float32Array.from([1, 0]), Float32Array.from([0, 1]))).toBe(0);
    expect(faceSimilarity(Float32Array.from([1, 0]), Float32Array.from([-1, 0]))).toBe(0);
    expect(faceSimilarity(Float32Array.from([0, 0]), Float32Array.from([1, 0]))).toBe(0);
  });

  it('rejects embeddings of different lengths', () => {
    expect(() => faceSimilarity(new Float32Array(2), new Float32Array(3))).toThrow(/length/);
  });
});
