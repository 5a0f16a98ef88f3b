import { describe, expect, it, vi } from 'vitest';
import { createStore } from './create-store';

describe('createStore', () => {
  it('tells subscribers when the value changes, and not when it is set to the same value', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set((s) => ({ count: s.count + 1 }));
    expect(store.get()).toEqual({ count: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(store.get());
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set({ count: 5 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets a listener unsubscribe while being told, without skipping the others', () => {
    const store = createStore(0);
    const second = vi.fn();
    const unsubscribeFirst = store.subscribe(() => unsubscribeFirst());
    store.subscribe(second);
    store.set(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
