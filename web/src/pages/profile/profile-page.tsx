import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { DocumentIcon, ImageIcon, MailIcon, SparkleIcon } from '../../components/icons/line-icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { paths, parseProfileTab, type ProfileTab } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useProfile } from '../../state/use-profile';
import { AccountTab } from './account/account-tab';
import { ProfileTabs } from './profile-tabs';
import '../../styles/forms.css';
import '../../styles/profile.css';

/** What the tabs not built yet will hold. */
const COMING: Record<Exclude<ProfileTab, 'account'>, { icon: ReactNode; message: string }> = {
  'all-media': { icon: <ImageIcon />, message: 'Your creations will appear here.' },
  tokens: { icon: <SparkleIcon />, message: 'Your credit balance will appear here.' },
  draft: { icon: <DocumentIcon />, message: 'Your drafts will appear here.' },
  'invite-friends': { icon: <MailIcon />, message: 'Inviting friends will appear here.' },
};

/** Profile (spec 2 §2); the active tab lives in the `tab` query parameter. Signed-out visitors go to /auth. */
export function ProfilePage() {
  const [searchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get('tab'));
  const { isAuthenticated, user } = useAuth();
  const { profile } = useProfile();

  if (!isAuthenticated) return <Navigate to={paths.auth.getHref()} replace />;

  const email = profile?.email || profile?.user?.email || user?.email || '';
  const name = profile?.name || user?.name || null;
  return (
    <div className="page profile" data-tab={tab}>
      <PageHeader title="My Profile" description={name ? `${name} · ${email}` : email} />
      <ProfileTabs active={tab} />
      <div className="profile__panel" role="tabpanel" aria-label={tab}>
        {tab === 'account' ? (
          <AccountTab email={email} />
        ) : (
          <EmptyState icon={COMING[tab].icon} message={COMING[tab].message} />
        )}
      </div>
    </div>
  );
}
