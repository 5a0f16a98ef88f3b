import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../state/use-auth';
import { type AgreementState, getAgreementStore } from './agreement-store';

/** The signed-in user's agreement status (loaded on sign-in) and `accept`. */
export function useUploadAgreement(): AgreementState & { accept(): Promise<void> } {
  const store = getAgreementStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { isAuthenticated, user } = useAuth();
  const userId = isAuthenticated ? (user?.id ?? null) : null;
  useEffect(() => {
    void store.load(userId);
  }, [store, userId]);
  return { ...state, accept: store.accept };
}
