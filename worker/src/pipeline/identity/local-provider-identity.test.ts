/**
 * The promise a person cares about most: whatever the look, it is still them. Every preset's
 * output must pass the identity check used by the generation pipeline with room to spare
 * (the spec's thresholds are 0.6–0.75; restyles here score ≥ 0.8).
 */
import { readFile } from 'node:fs/promises';
import { CYBER_SIREN_ACCEPTED_IDS, PRESET_CATALOGUES, type PresetDefinition, findPreset, randomizeColorcorePrompt, seededRandom } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHumanEmbedder, type FaceEmbedder } from './face-embedder';
import { faceSimilarity } from './similarity';
import { LocalProvider } from '../../providers/local/local-provider';

const FIXTURE = new URL('../../../../tests/fixtures/faces/astronaut.png', import.meta.url);
const MIN_SIMILARITY = 0.8;

const presets: Array<[string, PresetDefinition]> = [
  ...Object.entries(PRESET_CATALOGUES).flatMap(([mode, list]) => list.map((p) => [mode, p] as [string, PresetDefinition])),
  ...CYBER_SIREN_ACCEPTED_IDS.flatMap((id) => {
    const preset = findPreset('cyber-siren', id);
    return preset && !PRESET_CATALOGUES['cyber-siren'].some((p) => p.id === id) ? [['cyber-siren', preset] as [string, PresetDefinition]] : [];
  }),
];

let embedder: FaceEmbedder;

/** Similarity of an output to the reference; null when no face is found. */
async function similarity(image: Buffer): Promise<number | null> {
  const face = await embedder.embed(image);
  return face ? faceSimilarity(reference, face) : null;
}

let source: Buffer;
let reference: Float32Array;
const provider = new LocalProvider();

beforeAll(async () => {
  source = await readFile(FIXTURE);
  embedder = await createHumanEmbedder();
  const face = await embedder.embed(source);
  if (!face) throw new Error('no face in the fixture');
  reference = face;
}, 60_000);

afterAll(async () => {
  await embedder?.close();
});

describe('the face stays recognisable', () => {
  it.each(presets.map(([mode, p]) => [p.id, mode, p] as const))('%s', async (_id, mode, preset) => {
    const prompt = preset.isRandomized ? randomizeColorcorePrompt(preset, seededRandom(5)) : preset.prompt;
    const out = await provider.generate({ mode: mode as never, preset, prompt, source, aspectRatio: preset.aspect_ratio, attempt: 1, seed: 11, signal: new AbortController().signal });
    expect(await similarity(out.data)).toBeGreaterThanOrEqual(MIN_SIMILARITY);
  }, 30_000);

  it.each(['a red sunset', 'dreamy pastel spring flowers', 'glitch vhs night', 'anime painting', 'black and white film noir'])('custom prompt: %s', async (prompt) => {
    const out = await provider.generate({ mode: 'custom-prompt', prompt, source, aspectRatio: '4:5', attempt: 1, seed: 11, signal: new AbortController().signal });
    expect(await similarity(out.data)).toBeGreaterThanOrEqual(0.75);
  }, 30_000);
});
