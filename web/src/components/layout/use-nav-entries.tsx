import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useSignOut } from '../../state/use-sign-out';
import { BookIcon, SparkleIcon, UserIcon } from '../icons/line-icons';
import { ProfileAvatar } from './profile-avatar';

export type NavEntry = { to: string; label: string; icon: ReactNode };

/**
 * The entries the action column and the bottom nav share (spec 1 §2): Get The Look, Stories,
 * then My Profile (with the generation ring) and Logout, or Login. `signOut` is set when
 * signed in: Logout goes after the links and returns to /.
 */
export function useNavEntries(avatarSize: number): { links: NavEntry[]; signOut: (() => void) | null } {
  const { isAuthenticated } = useAuth();
  const signOut = useSignOut();
  const links: NavEntry[] = [
    { to: paths.bestPractices.getHref(), label: 'Get The Look', icon: <SparkleIcon /> },
    { to: paths.stories.getHref(), label: 'Stories', icon: <BookIcon /> },
    isAuthenticated
      ? { to: paths.profile.getHref(), label: 'My Profile', icon: <ProfileAvatar size={avatarSize} /> }
      : { to: paths.auth.getHref(), label: 'Login', icon: <UserIcon /> },
  ];
  return { links, signOut: isAuthenticated ? () => void signOut() : null };
}
