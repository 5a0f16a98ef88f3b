import { describe, expect, it, vi } from 'vitest';
import { createLikesStore } from './likes-store';

const item = { id: 'm1', presetType: 'unreal-reflection', likes_count: 4 };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the likes store', () => {
  it('loads the likes map of the signed-in user, keyed by preset type and id', async () => {
    const store = createLikesStore({
      fetchLikes: async () => ({ 'unreal_reflection:m1': true }),
      toggle: vi.fn(),
      notifyFailure: vi.fn(),
    });
    await store.load('user-1');
    expect(store.isLiked(item)).toBe(true);
    await store.load(null);
    expect(store.isLiked(item)).toBe(false);
  });

  it('likes at once, then keeps what the server says', async () => {
    const answer = deferred<{ success: boolean; liked: boolean; likesCount: number }>();
    const toggle = vi.fn(() => answer.promise);
    const store = createLikesStore({ fetchLikes: async () => ({}), toggle, notifyFailure: vi.fn() });
    const done = store.toggle(item);
    expect(store.isLiked(item)).toBe(true);
    expect(store.countOf(item)).toBe(5);
    expect(toggle).toHaveBeenCalledWith('m1', 'unreal_reflection');
    answer.resolve({ success: true, liked: true, likesCount: 9 });
    expect(await done).toBe(true);
    expect(store.countOf(item)).toBe(9);
  });

  it('rolls the like back and says so when the server refuses', async () => {
    const notifyFailure = vi.fn();
    const store = createLikesStore({
      fetchLikes: async () => ({}),
      toggle: async () => {
        throw new Error('500');
      },
      notifyFailure,
    });
    expect(await store.toggle(item)).toBe(false);
    expect(store.isLiked(item)).toBe(false);
    expect(store.countOf(item)).toBe(4);
    expect(notifyFailure).toHaveBeenCalledOnce();
  });
});
