import { createStore } from '../../lib/create-store';
import { fetchUserSettings, postUploadAgreement } from './agreement-api';

/**
 * The Media Upload Agreement (spec 1 §4, §5): accepted once per user, recorded by the server
 * (upload-agreement, read back from user-settings) and remembered in this browser, so it is
 * never asked again.
 */
export type AgreementStatus = 'unknown' | 'loading' | 'agreed' | 'not-agreed' | 'accepting';

export interface AgreementState {
  userId: string | null;
  status: AgreementStatus;
}

export interface AgreementDeps {
  fetchAgreed: (signal?: AbortSignal) => Promise<boolean>;
  record: () => Promise<void>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  log: (message: string, error: unknown) => void;
}

export const agreementStorageKey = (userId: string) => `media_upload_agreed:${userId}`;

export function createAgreementStore(deps: AgreementDeps) {
  const store = createStore<AgreementState>({ userId: null, status: 'unknown' });
  let controller: AbortController | null = null;
  const set = (next: AgreementState) => store.set(next);
  const remembered = (userId: string) => {
    try {
      return deps.storage?.getItem(agreementStorageKey(userId)) === 'true';
    } catch {
      return false;
    }
  };
  const remember = (userId: string) => {
    try {
      deps.storage?.setItem(agreementStorageKey(userId), 'true');
    } catch {
      // Private mode: the server still knows.
    }
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    /** Follows the signed-in user (null: signed out). */
    async load(userId: string | null): Promise<void> {
      const state = store.get();
      if (userId === state.userId && state.status !== 'unknown') return;
      controller?.abort();
      controller = null;
      if (!userId) return set({ userId: null, status: 'unknown' });
      if (remembered(userId)) return set({ userId, status: 'agreed' });
      const own = new AbortController();
      controller = own;
      set({ userId, status: 'loading' });
      try {
        const agreed = await deps.fetchAgreed(own.signal);
        if (controller !== own) return;
        if (agreed) remember(userId);
        set({ userId, status: agreed ? 'agreed' : 'not-agreed' });
      } catch (error) {
        if (controller !== own) return;
        deps.log('Could not read the upload agreement', error);
        set({ userId, status: 'not-agreed' });
      }
    },
    /**
     * Accepts: records the acceptance, then counts as agreed (the upload goes on then). A failed
     * recording is only logged: the flow goes on all the same (spec 1 §8).
     */
    async accept(): Promise<void> {
      const { userId, status } = store.get();
      if (!userId || status === 'accepting') return;
      controller?.abort();
      remember(userId);
      set({ userId, status: 'accepting' });
      try {
        await deps.record();
      } catch (error) {
        deps.log('Could not record the upload agreement', error);
      }
      if (store.get().userId === userId) set({ userId, status: 'agreed' });
    },
  };
}

export type AgreementStore = ReturnType<typeof createAgreementStore>;

function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

let store: AgreementStore | null = null;

export function getAgreementStore(): AgreementStore {
  store ??= createAgreementStore({
    fetchAgreed: async (signal) => (await fetchUserSettings(signal)).media_upload_agreed,
    record: postUploadAgreement,
    storage: browserStorage(),
    log: (message, error) => console.warn(message, error),
  });
  return store;
}
