import { FEED_KINDS, FEED_PERIODS, FEED_SORTS } from '@app/shared/api/feed';
import { paths } from '../../config/paths';
import { type FeedFilter, NO_FILTER } from './feed-api';
import { asTag, cleanSearch } from './feed-search';

/** The feed's filter as the address of / names it; a default is left out, so `/` is the plain feed. */
const PARAMS = { presetType: 'type', creatorId: 'creator', sort: 'sort', period: 'period', q: 'q', tag: 'tag', feed: 'feed' } as const satisfies Record<
  keyof FeedFilter,
  string
>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((known) => known === value);

/** The filter an address asks for; what it cannot be (an unknown order, a malformed tag) is left at its default. */
export function filterFromParams(params: URLSearchParams): FeedFilter {
  return normalized({
    presetType: params.get(PARAMS.presetType) || null,
    creatorId: params.get(PARAMS.creatorId) || null,
    sort: oneOf(FEED_SORTS, params.get(PARAMS.sort)) ?? NO_FILTER.sort,
    period: oneOf(FEED_PERIODS, params.get(PARAMS.period)) ?? NO_FILTER.period,
    q: params.get(PARAMS.q),
    tag: params.get(PARAMS.tag),
    feed: oneOf(FEED_KINDS, params.get(PARAMS.feed)) ?? null,
  });
}

/**
 * `params` with the filter changed by `patch`, written in one order without defaults; other
 * parameters are kept. An order, a search or a narrowing asked for leaves the Following feed
 * (which has none of them) for everyone's.
 */
export function withFilter(params: URLSearchParams, patch: Partial<FeedFilter>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(PARAMS)) next.delete(name);
  const leaves = patch.feed === undefined && Object.values(patch).some((value) => value !== null && value !== undefined);
  return serialize(next, normalized({ ...filterFromParams(params), ...(leaves ? { feed: null } : {}), ...patch }));
}

/**
 * The filter as the server will apply it: a period belongs to `top` only (switching order drops
 * it); the Following feed is newest first and takes no narrowing (choosing it drops them).
 */
function normalized(filter: FeedFilter): FeedFilter {
  if (filter.feed === 'following') return { ...NO_FILTER, feed: 'following' };
  return {
    ...filter,
    period: filter.sort === 'top' ? filter.period : NO_FILTER.period,
    q: cleanSearch(filter.q ?? ''),
    tag: asTag(filter.tag ?? ''),
  };
}

function serialize(params: URLSearchParams, filter: FeedFilter): URLSearchParams {
  for (const [field, name] of Object.entries(PARAMS) as Array<[keyof FeedFilter, string]>) {
    const value = filter[field];
    if (value && value !== NO_FILTER[field]) params.set(name, value);
  }
  return params;
}

/** The address of the feed narrowed by `patch` (e.g. a tag page's "View All in Feed"). */
export function feedHref(patch: Partial<FeedFilter>): string {
  const search = withFilter(new URLSearchParams(), patch).toString();
  return search ? `${paths.home.getHref()}?${search}` : paths.home.getHref();
}
