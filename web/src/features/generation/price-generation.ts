import { creditShortfallMessage, generationCost, type PriceTable, toServiceMode } from '@app/shared';
import { loadAppInfo } from '../../api/app-info';
import { isAbortError } from '../../lib/scheduler';
import type { GenerationRequest } from './generation-types';

/** What a request would spend if submitted now, and whether the balance covers it. */
export interface GenerationPrice {
  /** Credits it costs; Story Time short of photos: the least, at the minimum number of photos. */
  cost: number;
  /** Story Time short of photos: the price of each photo (the total grows with them). */
  perPhoto: number | null;
  /** The person's credits as the server last said (null: not known yet). */
  balance: number | null;
  enough: boolean;
  /** Why it can't be bought now ('Story Time needs 15 credits — you have 1'), else null. */
  shortfall: string | null;
}

export interface PriceContext {
  /** The server's quote; null when the request is incomplete (the engine then makes no call). */
  quote(request: GenerationRequest, signal?: AbortSignal): Promise<{ cost: number; balance: number; enough: boolean } | null>;
  /** The server's price table (get-app-info), null when it did not say. */
  prices(): Promise<PriceTable | null>;
}

/** The photos a request names (the first and the extras), as the server counts them. */
function photoCount(request: GenerationRequest): number {
  return new Set([request.sourceAssetId, ...(request.additionalImages ?? [])].filter(Boolean)).size;
}

/**
 * The price of `request` as the server would charge it: its quote when the request would pass
 * the server's checks (asking earlier only earns a 400), else the server's price table under the
 * rule it charges by (`generationCost`): a look before its photo, Story Time before its third.
 * `balance`: the credits the server last told, for the table's case; `what`: the name its
 * shortfall message gives the request (the mode).
 */
export async function priceGeneration(
  context: PriceContext,
  request: GenerationRequest,
  { balance, what }: { balance: number | null; what: string },
  signal?: AbortSignal,
): Promise<GenerationPrice | null> {
  const priced = (cost: number, perPhoto: number | null, known: number | null, enough: boolean): GenerationPrice => ({
    cost,
    perPhoto,
    balance: known,
    enough,
    shortfall: enough ? null : creditShortfallMessage(what, cost, known ?? 0),
  });
  try {
    const quote = await context.quote(request, signal);
    if (quote) return priced(quote.cost, null, quote.balance, quote.enough);
  } catch (error) {
    if (isAbortError(error)) throw error;
    // No quote (the network): the table still says the price.
  }
  const table = await context.prices();
  const serviceMode = toServiceMode(request.mode);
  if (!table || !serviceMode) return null;
  const photos = photoCount(request);
  const story = serviceMode === 'story-time';
  const counted = story ? Math.max(photos, table.storyMinPhotos) : photos;
  const cost = generationCost({ serviceMode, enableVideo: request.enableVideo === true, sources: Array.from({ length: counted }, String) }, table);
  const perPhoto = story && photos < table.storyMinPhotos ? table.storyPerPhoto : null;
  return priced(cost, perPhoto, balance, balance === null || balance >= cost);
}

/** The app's price context: the engine's quote call and the served table. */
export function appPriceContext(quote: PriceContext['quote']): PriceContext {
  return { quote, prices: () => loadAppInfo().then((info) => info.prices) };
}
