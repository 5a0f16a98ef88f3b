import { describe, expect, it } from 'vitest';
import { generateWithIdentityCheck } from './identity-loop';
import { FakeProvider, fakeIdentity } from '../../testing/pipeline-fakes';

const source = Buffer.from('source');

function loop(scores: number[], settings: { threshold?: number; retries?: number; blocking?: boolean } = {}, faceInSource = true) {
  const provider = new FakeProvider();
  const identity = fakeIdentity(scores, { faceInSource });
  const run = generateWithIdentityCheck(identity, source, { threshold: 0.5, retries: 2, blocking: true, ...settings }, (attempt) =>
    provider.generate({ mode: 'custom-prompt', prompt: 'p', source, aspectRatio: '1:1', attempt, seed: 1, signal: AbortSignal.timeout(1000) }),
  );
  return { provider, run };
}

describe('generateWithIdentityCheck', () => {
  it('stops at the first image that passes', async () => {
    const { provider, run } = loop([0.2, 0.7, 0.9]);
    const result = await run;
    expect(provider.requests.map((r) => r.attempt)).toEqual([1, 2]);
    expect(result.identity).toMatchObject({ passed: true, score: 0.7, attempts: 2 });
  });

  it('keeps the best image when every attempt fails, counting them all', async () => {
    const { provider, run } = loop([0.3, 0.45, 0.1]);
    const result = await run;
    expect(provider.requests).toHaveLength(3);
    expect(result.identity).toMatchObject({ passed: false, score: 0.45, attempts: 3 });
    expect(result.scores).toEqual([0.3, 0.45, 0.1]);
  });

  it('tells each attempt with its score and how many attempts there may be', async () => {
    const provider = new FakeProvider();
    const seen: Array<[number, number, number | null]> = [];
    const result = await generateWithIdentityCheck(
      fakeIdentity([0.2, 0.8]),
      source,
      { threshold: 0.5, retries: 2, blocking: true },
      (attempt) => provider.generate({ mode: 'custom-prompt', prompt: 'p', source, aspectRatio: '1:1', attempt, seed: 1, signal: AbortSignal.timeout(1000) }),
      (attempt, of, verdict) => seen.push([attempt, of, verdict.score]),
    );
    expect(seen).toEqual([[1, 3, 0.2], [2, 3, 0.8]]);
    expect(result.scores).toEqual([0.2, 0.8]);
  });

  it('makes one image when the check is not blocking', async () => {
    const { provider, run } = loop([0.1, 0.9], { blocking: false });
    expect((await run).identity).toMatchObject({ passed: false, attempts: 1 });
    expect(provider.requests).toHaveLength(1);
  });

  it('makes one image when the source has no face to compare', async () => {
    const { provider, run } = loop([0.1], {}, false);
    const result = await run;
    expect(result.identity).toMatchObject({ applicable: false, passed: true, attempts: 1 });
    expect(result.scores).toEqual([null]);
    expect(provider.requests).toHaveLength(1);
  });
});
