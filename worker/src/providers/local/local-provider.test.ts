import { readFile } from 'node:fs/promises';
import { type AspectRatio, type PresetDefinition, type ServiceMode, CYBER_SIREN_ACCEPTED_IDS, PRESET_CATALOGUES, findPreset, randomizeColorcorePrompt, seededRandom } from '@app/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PermanentGenerationError } from '../provider';
import type { GeneratedImage, ImageRequest } from '../provider';
import { LocalProvider, outputSize } from './local-provider';
import { PRESET_LOOKS } from './looks';

const FIXTURE = new URL('../../../../tests/fixtures/faces/astronaut.png', import.meta.url);

const MODES: Record<string, { mode: ServiceMode; aspect: AspectRatio; ids: Array<[string, AspectRatio?]> }> = {
  'Unreal Reflection': {
    mode: 'unreal-reflection',
    aspect: '4:5',
    ids: [['unreal_reflection_syndicate'], ['unreal_reflection_yakuza_heir'], ['unreal_reflection_gothic_pact'], ['unreal_reflection_oracle_of_seoul'], ['unreal_reflection_medusas_mirror'], ['unreal_reflection_chromatic_bloom']],
  },
  'Parallel Self': {
    mode: 'parallel-self',
    aspect: '4:5',
    ids: [['parallel_self_black_aura'], ['parallel_self_untouchable', '1:1'], ['parallel_self_neon_proof'], ['parallel_self_mechanic'], ['parallel_self_colorcore', '1:1'], ['parallel_self_getaway_lookbook']],
  },
  'Ghibli Reaction': { mode: 'ghibli-reaction', aspect: '3:4', ids: [['ghibli_reaction_tears'], ['ghibli_reaction_shock'], ['ghibli_reaction_sparkle'], ['ghibli_reaction_love']] },
  'Cyber Siren': {
    mode: 'cyber-siren',
    aspect: '4:5',
    ids: [['neo_tokyo_base'], ['neo_tokyo_visor'], ['neo_tokyo_tattoos'], ['neo_tokyo_scanlines'], ['silver_proxy'], ['serpent_line'], ['smoke_signal'], ['signal_loss']],
  },
  'Story Time': { mode: 'story-time', aspect: '4:5', ids: [['story_time_cinematic'], ['story_time_dreamlike'], ['story_time_retro']] },
};

let source: Buffer;
const provider = new LocalProvider();

function presetFor(mode: ServiceMode, id: string, aspect: AspectRatio): PresetDefinition {
  // The real catalogue entry when there is one (its prompt and output format); else a stand-in.
  const real = findPreset(mode, id);
  if (real) return real;
  return { id, label: id, prompt: '', negative_prompt: '', strength: 0.5, model: 'local', mode: 'i2i', input: 'image', requiresSource: true, source: mode, guidance_scale: 7, num_inference_steps: 30, features: [], prompt_upsampling: false, safety_tolerance: 2, output_format: 'jpeg', raw: false, aspect_ratio: aspect };
}

function request(overrides: Partial<ImageRequest>): ImageRequest {
  return { mode: 'custom-prompt', prompt: 'Transform this image', source, aspectRatio: '4:5', attempt: 1, seed: 7, signal: new AbortController().signal, ...overrides };
}

/** The image as 64×64 RGB floats, to compare what a person would see, not bytes. */
async function thumb(image: Buffer): Promise<Float32Array> {
  const data = await sharp(image).resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  return Float32Array.from(data);
}

function meanAbsDiff(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function channelMeans(image: Buffer): Promise<{ r: number; g: number; b: number; chroma: number }> {
  const data = await sharp(image).resize(128, 128, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  let r = 0, g = 0, b = 0, chroma = 0;
  for (let i = 0; i < data.length; i += 3) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
    chroma += Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  const n = data.length / 3;
  return { r: r / n, g: g / n, b: b / n, chroma: chroma / n };
}

beforeAll(async () => {
  source = await readFile(FIXTURE);
});

describe('outputSize', () => {
  it.each([
    ['4:5', 819, 1024],
    ['1:1', 1024, 1024],
    ['3:4', 768, 1024],
    ['2:3', 683, 1024],
    ['9:16', 576, 1024],
    ['16:9', 1024, 576],
    ['4:3', 1024, 768],
  ] as const)('%s is %i×%i', (aspect, width, height) => {
    expect(outputSize(aspect)).toEqual({ width, height });
  });
});

describe('every catalogue preset has its own look', () => {
  it('covers the catalogues and the cyber siren variants', () => {
    const ids = [...Object.values(PRESET_CATALOGUES).flat().map((p) => p.id), ...CYBER_SIREN_ACCEPTED_IDS];
    expect(ids.filter((id) => !Object.hasOwn(PRESET_LOOKS, id))).toEqual([]);
  });
});

for (const [name, { mode, aspect, ids }] of Object.entries(MODES)) {
  describe(`${name} presets`, () => {
    const outputs = new Map<string, GeneratedImage>();

    beforeAll(async () => {
      for (const [id, own] of ids) {
        const preset = presetFor(mode, id, own ?? aspect);
        const prompt = preset.isRandomized ? randomizeColorcorePrompt(preset, seededRandom(3)) : preset.prompt;
        outputs.set(id, await provider.generate(request({ mode, preset, prompt, aspectRatio: preset.aspect_ratio })));
      }
    }, 120_000);

    it.each(ids)('%s comes out at its aspect ratio, 1024 px on the long side', async (id, own) => {
      const out = outputs.get(id)!;
      const expected = outputSize(own ?? aspect);
      expect({ width: out.width, height: out.height }).toEqual(expected);
      const meta = await sharp(out.data).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(expected);
      expect(`image/${meta.format}`).toBe(out.contentType);
    });

    it.each(ids)('%s looks clearly different from the photo', async (id) => {
      // Against the photo cropped the same way, so only the look counts, not the framing.
      const out = outputs.get(id)!;
      const plain = await sharp(source).resize(out.width, out.height, { fit: 'cover', position: 'attention' }).png().toBuffer();
      expect(meanAbsDiff(await thumb(out.data), await thumb(plain))).toBeGreaterThan(12);
    });

    it('every preset looks different from every other one of the mode', async () => {
      const thumbs = await Promise.all(ids.map(async ([id]) => [id, await thumb(outputs.get(id)!.data)] as const));
      for (let i = 0; i < thumbs.length; i++) {
        for (let j = i + 1; j < thumbs.length; j++) {
          const [a, ta] = thumbs[i]!;
          const [b, tb] = thumbs[j]!;
          expect(meanAbsDiff(ta, tb), `${a} vs ${b}`).toBeGreaterThan(12);
        }
      }
    });
  });
}

describe('prompts steer the look', () => {
  it('a red sunset is warmer than a cold blue night', async () => {
    const sunset = await channelMeans((await provider.generate(request({ prompt: 'a red sunset' }))).data);
    const night = await channelMeans((await provider.generate(request({ prompt: 'a cold blue night' }))).data);
    expect(sunset.r - sunset.b).toBeGreaterThan(night.r - night.b + 40);
  });

  it('black and white has no colour left', async () => {
    const out = await provider.generate(request({ prompt: 'a black and white portrait with neon pink lights' }));
    expect((await channelMeans(out.data)).chroma).toBeLessThan(2);
  });

  it('a Studio edit with no known words still gets a graded image', async () => {
    const out = await provider.generate(request({ mode: 'edit-photo', prompt: 'Edit this photo', aspectRatio: '1:1' }));
    expect({ width: out.width, height: out.height }).toEqual({ width: 1024, height: 1024 });
    const plain = await sharp(source).resize(1024, 1024, { fit: 'cover', position: 'attention' }).png().toBuffer();
    expect(meanAbsDiff(await thumb(out.data), await thumb(plain))).toBeGreaterThan(3);
  });
});

describe('the cel look', () => {
  const png = new LocalProvider({ defaultFormat: 'png' });

  async function pixels(image: Buffer): Promise<{ data: Buffer; width: number }> {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width };
  }

  /** How many distinct colours it takes to paint 90% of the picture (a photo: nearly one a pixel). */
  function coloursFor90Percent(data: Buffer): number {
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 3) {
      const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const sorted = [...counts.values()].sort((a, b) => b - a);
    let covered = 0;
    let n = 0;
    while (covered < (data.length / 3) * 0.9) covered += sorted[n++]!;
    return n;
  }

  /** Pixels on the photo's strongest outlines (Sobel on luminance, 3×3 around). */
  function outlinePixels(data: Buffer, width: number): number[] {
    const height = data.length / 3 / width;
    const lum = (p: number) => 0.2126 * data[p * 3]! + 0.7152 * data[p * 3 + 1]! + 0.0722 * data[p * 3 + 2]!;
    const out: number[] = [];
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const p = y * width + x;
        const gx = lum(p - width + 1) + 2 * lum(p + 1) + lum(p + width + 1) - lum(p - width - 1) - 2 * lum(p - 1) - lum(p + width - 1);
        const gy = lum(p + width - 1) + 2 * lum(p + width) + lum(p + width + 1) - lum(p - width - 1) - 2 * lum(p - width) - lum(p - width + 1);
        if (Math.abs(gx) + Math.abs(gy) > 300) out.push(p);
      }
    }
    return out;
  }

  function meanLuminance(data: Buffer, at: number[]): number {
    return at.reduce((s, p) => s + 0.2126 * data[p * 3]! + 0.7152 * data[p * 3 + 1]! + 0.0722 * data[p * 3 + 2]!, 0) / at.length;
  }

  it('an anime prompt flattens the colours and inks the outlines; an ordinary prompt does not', async () => {
    const plain = await pixels(await sharp(source).resize(819, 1024, { fit: 'cover', position: 'attention' }).png().toBuffer());
    const anime = await pixels((await png.generate(request({ prompt: 'portrait in anime style' }))).data);
    const graded = await pixels((await png.generate(request({ prompt: 'portrait at golden hour' }))).data);

    expect(coloursFor90Percent(anime.data)).toBeLessThan(coloursFor90Percent(plain.data) / 5);
    expect(coloursFor90Percent(graded.data)).toBeGreaterThan(coloursFor90Percent(plain.data) / 2);

    const outlines = outlinePixels(plain.data, plain.width);
    expect(outlines.length).toBeGreaterThan(1000);
    expect(meanLuminance(anime.data, outlines)).toBeLessThan(meanLuminance(plain.data, outlines) - 25);
  });

  it('every Ghibli Reaction preset inks the outlines', async () => {
    const plain = await pixels(await sharp(source).resize(768, 1024, { fit: 'cover', position: 'attention' }).png().toBuffer());
    const outlines = outlinePixels(plain.data, plain.width);
    const everywhere = Array.from({ length: plain.data.length / 3 }, (_, p) => p);
    // Relative to the picture's own brightness, since each preset grades differently.
    const darkness = (data: Buffer) => meanLuminance(data, outlines) / meanLuminance(data, everywhere);
    for (const id of ['ghibli_reaction_tears', 'ghibli_reaction_shock', 'ghibli_reaction_sparkle', 'ghibli_reaction_love']) {
      const preset = { ...presetFor('ghibli-reaction', id, '3:4'), output_format: 'png' as const };
      const out = await png.generate(request({ mode: 'ghibli-reaction', preset, prompt: preset.prompt, aspectRatio: '3:4' }));
      expect(darkness((await pixels(out.data)).data), id).toBeLessThan(darkness(plain.data) - 0.15);
    }
  }, 60_000);
});

describe('determinism and retries', () => {
  it('the same prompt and seed give the same bytes', async () => {
    const a = await provider.generate(request({ prompt: 'dreamy spring flowers at golden hour' }));
    const b = await provider.generate(request({ prompt: 'dreamy spring flowers at golden hour' }));
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('another attempt varies the details, not the look', async () => {
    const preset = presetFor('cyber-siren', 'signal_loss', '4:5');
    const base = { mode: 'cyber-siren' as const, preset, prompt: preset.prompt };
    const first = await provider.generate(request({ ...base, attempt: 1 }));
    const second = await provider.generate(request({ ...base, attempt: 2 }));
    expect(first.data.equals(second.data)).toBe(false);
    expect(meanAbsDiff(await thumb(first.data), await thumb(second.data))).toBeLessThan(8);
  });

  it('another seed scatters the decorations elsewhere', async () => {
    const preset = presetFor('ghibli-reaction', 'ghibli_reaction_sparkle', '3:4');
    const base = { mode: 'ghibli-reaction' as const, preset, prompt: preset.prompt, aspectRatio: '3:4' as const };
    const one = await thumb((await provider.generate(request({ ...base, seed: 1 }))).data);
    const other = await thumb((await provider.generate(request({ ...base, seed: 2 }))).data);
    expect(meanAbsDiff(one, other)).toBeGreaterThan(0.5);
  });
});

describe('failures', () => {
  it('stops when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(provider.generate(request({ signal: controller.signal }))).rejects.toThrow('cancelled');
  });

  it('stops between steps when aborted during the work', async () => {
    const controller = new AbortController();
    const pending = provider.generate(request({ prompt: 'neon cyberpunk rain', signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('too late')), 5);
    await expect(pending).rejects.toThrow('too late');
  });

  it('an unreadable photo is a permanent error', async () => {
    await expect(provider.generate(request({ source: Buffer.from('not an image') }))).rejects.toBeInstanceOf(PermanentGenerationError);
  });
});
