import { getUserProfile, type UserProfile } from '../api/profile';
import { createStore } from '../lib/create-store';
import { getAuthState, subscribeSignedInUser } from './auth-store';

/**
 * The signed-in user's profile (spec 1 §4): loaded 200 ms after start, loaded again on
 * every sign-in, back to nothing on sign-out.
 */
export interface ProfileState {
  profile: UserProfile | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const PROFILE_INITIAL_DELAY_MS = 200;

const EMPTY: ProfileState = { profile: null, status: 'idle' };

const profileStore = createStore<ProfileState>(EMPTY);
let controller: AbortController | null = null;
const setState = (next: ProfileState) => profileStore.set(next);

export function getProfileState(): ProfileState {
  return profileStore.get();
}

export function subscribeProfile(listener: () => void): () => void {
  return profileStore.subscribe(listener);
}

function resetProfile(): void {
  controller?.abort();
  controller = null;
  setState(EMPTY);
}

/** Loads the profile again (after a sign-in, an e-mail change…). Resolves when it is in. */
export async function refreshProfile(): Promise<void> {
  if (!getAuthState().isAuthenticated) return resetProfile();
  controller?.abort();
  const own = new AbortController();
  controller = own;
  const { profile: current } = profileStore.get();
  const sameUser = current?.id === getAuthState().user?.id;
  setState({ profile: sameUser ? current : null, status: 'loading' });
  try {
    const profile = await getUserProfile(own.signal);
    if (controller === own) setState({ profile, status: 'ready' });
  } catch {
    if (controller === own) setState({ profile: profileStore.get().profile, status: 'error' });
  } finally {
    if (controller === own) controller = null;
  }
}

/** Starts the profile's life cycle; returns a function that stops it. */
export function startProfileSync(): () => void {
  const timer = window.setTimeout(() => void refreshProfile(), PROFILE_INITIAL_DELAY_MS);
  const stop = subscribeSignedInUser(() => {
    if (getAuthState().isAuthenticated) void refreshProfile();
    else resetProfile();
  });
  return () => {
    window.clearTimeout(timer);
    stop();
  };
}
