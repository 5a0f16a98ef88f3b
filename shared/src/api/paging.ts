import { z } from 'zod/mini';
import { safeText } from '../schemas/input';

/** A query's `limit`: 1 to 100 items, `size` when the query names none. */
export function pageLimit(size: number) {
  return z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), size);
}

/** A query's `cursor`: the `nextCursor` of the previous answer; none for the first page. */
export const pageCursor = z.optional(safeText().check(z.maxLength(200)));

/** The fields of a query paged by cursor alone. */
export function cursorPageQuery(size: number) {
  return { limit: pageLimit(size), cursor: pageCursor };
}

/** The fields of an answer paged by cursor: the page's items, and where the next page starts (null on the last). */
export function cursorPage<Item extends z.ZodMiniType>(item: Item) {
  return { items: z.array(item), hasMore: z.boolean(), nextCursor: z.nullable(z.string()) };
}
