import { describe, expect, it, vi } from 'vitest';
import { agreementStorageKey, createAgreementStore } from './agreement-store';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe('the upload agreement store', () => {
  it('asks the server while loading, and remembers an agreement per user', async () => {
    const storage = memoryStorage();
    const store = createAgreementStore({ fetchAgreed: async () => true, record: vi.fn(), storage, log: vi.fn() });
    const loading = store.load('u1');
    expect(store.getState().status).toBe('loading');
    await loading;
    expect(store.getState()).toEqual({ userId: 'u1', status: 'agreed' });
    expect(storage.map.get(agreementStorageKey('u1'))).toBe('true');
  });

  it('never asks again once accepted, and goes on when recording fails', async () => {
    const storage = memoryStorage();
    const log = vi.fn();
    const fetchAgreed = vi.fn(async () => false);
    const store = createAgreementStore({
      fetchAgreed,
      record: async () => {
        throw new Error('offline');
      },
      storage,
      log,
    });
    await store.load('u2');
    expect(store.getState().status).toBe('not-agreed');
    const accepting = store.accept();
    expect(store.getState().status).toBe('accepting');
    await accepting;
    expect(store.getState().status).toBe('agreed');
    expect(log).toHaveBeenCalledOnce();

    const again = createAgreementStore({ fetchAgreed, record: vi.fn(), storage, log });
    await again.load('u2');
    expect(again.getState().status).toBe('agreed');
    expect(fetchAgreed).toHaveBeenCalledOnce();
  });
});
