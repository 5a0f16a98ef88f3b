import fs from 'node:fs';
import path from 'node:path';
import { PRESET_ID_FIELD, findPreset, toServiceMode } from '@app/shared';
import { parseConfig } from '@app/shared/server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalProvider } from '../../worker/src/providers/local/local-provider';
import type { ContentScreener } from '../../worker/src/screening/content-screener';
import { createThreadedScreener } from '../../worker/src/screening/threaded-screener';
import { screeningVerdict } from '../../worker/src/screening/verdict';
import { repoRoot } from '../support/process';

/**
 * The real nsfwjs model (on its thread, loaded once for the file) over every fixture portrait and
 * the demo's twelve creations as the local engine makes them: none may be held. Their scores are
 * docs/performance.md's "Screening" table.
 */
const FIXTURES = path.join(repoRoot, 'tests/fixtures/faces');
const PEOPLE = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/demo-people.json'), 'utf8')) as Array<{ photo: string; creations: Array<Record<string, unknown>> }>;
const thresholds = parseConfig({ NODE_ENV: 'test' }).screening.thresholds;

describe('screening with the real model', () => {
  let screener: ContentScreener;
  beforeAll(() => {
    screener = createThreadedScreener();
  });
  afterAll(() => screener.close());

  it('lets every fixture portrait through as a plain photo', { timeout: 120_000 }, async () => {
    const portraits = fs.readdirSync(FIXTURES).filter((file) => /\.(png|jpe?g)$/.test(file));
    expect(portraits.length).toBeGreaterThanOrEqual(4);
    for (const file of portraits) {
      const { scores } = await screener.screen(fs.readFileSync(path.join(FIXTURES, file)));
      console.info(`screening ${file}: ${JSON.stringify(scores)}`);
      expect(Object.values(scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
      expect(screeningVerdict(scores, thresholds)).toEqual({ verdict: 'public', reason: null });
    }
  });

  it('holds none of the demo creations (the local engine, as `npm run demo` makes them)', { timeout: 180_000 }, async () => {
    const engine = new LocalProvider();
    const verdicts: string[] = [];
    for (const person of PEOPLE) {
      const source = fs.readFileSync(path.join(FIXTURES, person.photo));
      for (const [index, creation] of person.creations.entries()) {
        const mode = toServiceMode(String(creation.mode));
        if (!mode) throw new Error(`unknown demo mode ${String(creation.mode)}`);
        const field = PRESET_ID_FIELD[mode];
        const preset = field ? findPreset(mode, String(creation[field])) : undefined;
        const prompt = typeof creation.prompt === 'string' ? creation.prompt : (preset?.prompt ?? '');
        const image = await engine.generate({
          mode,
          ...(preset ? { preset } : {}),
          prompt,
          source,
          aspectRatio: preset?.aspect_ratio ?? '4:5',
          attempt: 1,
          seed: index + 1,
          signal: AbortSignal.timeout(60_000),
        });
        const { scores } = await screener.screen(image.data);
        const { verdict } = screeningVerdict(scores, thresholds);
        console.info(`screening ${person.photo} ${preset?.id ?? prompt}: ${verdict} ${JSON.stringify(scores)}`);
        verdicts.push(verdict);
      }
    }
    expect(verdicts).toHaveLength(12);
    expect(verdicts).not.toContain('block');
  });
});
