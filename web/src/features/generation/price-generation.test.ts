import { describe, expect, it } from 'vitest';
import type { GenerationRequest } from './generation-types';
import { type PriceContext, priceGeneration } from './price-generation';
import { isCompleteRequest } from './validate-request';

const TABLE = { image: 3, video: 7, storyPerPhoto: 6, storyMinPhotos: 3 };
const PHOTO = 'https://media.example/users/u1/uploads/a.jpg';

/** A context whose quote answers like the server, and records what it was asked. */
function context(quote: { cost: number; balance: number; enough: boolean } | Error = { cost: 15, balance: 1, enough: false }) {
  const asked: GenerationRequest[] = [];
  const ctx: PriceContext = {
    // As the engine's quote: no call, and null, for a request the server would refuse.
    quote: (request) => {
      if (!isCompleteRequest(request)) return Promise.resolve(null);
      asked.push(request);
      return quote instanceof Error ? Promise.reject(quote) : Promise.resolve(quote);
    },
    prices: () => Promise.resolve(TABLE),
  };
  return { ctx, asked };
}

describe('priceGeneration', () => {
  it("takes the server's quote for a request the server would accept", async () => {
    const { ctx, asked } = context();
    const request = { mode: 'storytime', sourceAssetId: PHOTO, additionalImages: [`${PHOTO}?2`, `${PHOTO}?3`], storyTimePresetId: 'story_time_cinematic' } as GenerationRequest;
    expect(await priceGeneration(ctx, request, { balance: 40, what: 'Story Time' })).toEqual({ cost: 15, perPhoto: null, balance: 1, enough: false, shortfall: 'Story Time needs 15 credits — you have 1' });
    expect(asked).toHaveLength(1);
  });

  it("prices by the server's table, without asking, what the server would refuse", async () => {
    const { ctx, asked } = context();
    // A look before its photo: the image price.
    expect(await priceGeneration(ctx, { mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' } as GenerationRequest, { balance: 2, what: 'Unreal Reflection' })).toEqual({ cost: 3, perPhoto: null, balance: 2, enough: false, shortfall: 'Unreal Reflection needs 3 credits — you have 2' });
    // Story Time with two photos: per photo, and the least it costs (three photos).
    const story = { mode: 'storytime', sourceAssetId: PHOTO, additionalImages: [`${PHOTO}?2`], storyTimePresetId: 'story_time_cinematic' } as GenerationRequest;
    expect(await priceGeneration(ctx, story, { balance: null, what: 'Story Time' })).toEqual({ cost: 18, perPhoto: 6, balance: null, enough: true, shortfall: null });
    expect(asked).toHaveLength(0);
  });

  it('falls back to the table when the quote cannot be had', async () => {
    const { ctx } = context(new TypeError('Failed to fetch'));
    const request = { mode: 'custom', prompt: 'a castle', enableVideo: true } as GenerationRequest;
    expect(await priceGeneration(ctx, request, { balance: 7, what: 'Custom Prompt' })).toEqual({ cost: 7, perPhoto: null, balance: 7, enough: true, shortfall: null });
  });
});
