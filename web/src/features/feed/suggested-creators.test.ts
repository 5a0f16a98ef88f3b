import { describe, expect, it } from 'vitest';
import { suggestedCreators } from './suggested-creators';

const item = (userId: string | null, username: string | null, name: string | null = null) => ({ userId, creator: { name, avatar: null, username } });

describe('the creators the empty Following feed suggests', () => {
  it('takes the creators of trending items once each, in order, without oneself or those without a page', () => {
    const items = [item('a', 'ana', 'Ana'), item('me', 'me'), item('b', 'bo'), item('a', 'ana', 'Ana'), item('c', null), item(null, 'x'), item('d', 'dee', 'Dee')];
    expect(suggestedCreators(items, 'me')).toEqual([
      { id: 'a', username: 'ana', name: 'Ana', avatar: null },
      { id: 'b', username: 'bo', name: '@bo', avatar: null },
      { id: 'd', username: 'dee', name: 'Dee', avatar: null },
    ]);
    expect(suggestedCreators(items, null, 2).map((s) => s.id)).toEqual(['a', 'me']);
  });
});
