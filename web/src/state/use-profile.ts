import { useSyncExternalStore } from 'react';
import { getProfileState, type ProfileState, subscribeProfile } from './profile-store';

/** The signed-in user's profile as last loaded. */
export function useProfile(): ProfileState {
  return useSyncExternalStore(subscribeProfile, getProfileState, getProfileState);
}
