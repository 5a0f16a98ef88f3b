import { describe, expect, it } from 'vitest';
import { placeInColumns } from './place-in-columns';

describe('placeInColumns', () => {
  it('puts each item into the shortest column so far, the leftmost on a tie', () => {
    const items = [
      { id: 'a', r: 1 },
      { id: 'b', r: 0.5 },
      { id: 'c', r: 1 },
      { id: 'd', r: 2 },
      { id: 'e', r: 1 },
    ];
    const columns = placeInColumns(items, 3, (item) => item.r);
    expect(columns.map((column) => column.items.map((item) => item.id))).toEqual([['a', 'd'], ['b'], ['c', 'e']]);
    expect(columns.map((column) => column.height)).toEqual([1.5, 2, 2]);
  });

  it('keeps the placement of earlier items when more are added', () => {
    const first = Array.from({ length: 10 }, (_, i) => ({ id: i, r: 0.6 + (i % 4) * 0.3 }));
    const more = [...first, ...Array.from({ length: 10 }, (_, i) => ({ id: 10 + i, r: 1.2 }))];
    const before = placeInColumns(first, 3, (item) => item.r).map((c) => c.items.map((i) => i.id));
    const after = placeInColumns(more, 3, (item) => item.r).map((c) => c.items.map((i) => i.id));
    after.forEach((column, index) => expect(column.slice(0, before[index]!.length)).toEqual(before[index]));
  });

  it('uses one column when asked for one (or fewer), and treats a bad ratio as square', () => {
    const columns = placeInColumns([{ r: Number.NaN }, { r: 0 }], 0, (item) => item.r);
    expect(columns).toHaveLength(1);
    expect(columns[0]!.height).toBe(2);
  });
});
