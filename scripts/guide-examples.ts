/**
 * `npm run guide:examples`: makes the guide's example images with the product's own local
 * provider from a fixture portrait, one per look of GUIDE_LOOKS, into web/public/guide/ (committed,
 * so the guide works on a fresh install). Run again after a look changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { GUIDE_LOOKS, findPreset } from '@app/shared';
import { LocalProvider } from '../worker/src/providers/local/local-provider';

const root = path.resolve(import.meta.dirname, '..');
const portrait = fs.readFileSync(path.join(root, 'tests/fixtures/faces/grace_hopper.jpg'));
const outDir = path.join(root, 'web/public/guide');

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const provider = new LocalProvider();
  for (const section of GUIDE_LOOKS) {
    for (const id of section.presetIds) {
      const preset = findPreset(section.mode, id);
      if (!preset) throw new Error(`${section.mode} has no look ${id}`);
      const image = await provider.generate({
        mode: section.mode,
        preset,
        prompt: preset.prompt,
        source: portrait,
        aspectRatio: preset.aspect_ratio,
        attempt: 1,
        seed: 7,
        signal: AbortSignal.timeout(60_000),
      });
      const file = path.join(outDir, `${id}.webp`);
      await sharp(image.data).resize({ width: 640, height: 640, fit: 'inside' }).webp({ quality: 78 }).toFile(file);
      console.log(`${path.relative(root, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
