import type { AuthUser } from '@app/shared';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PanelHeader } from '../../components/page/panel-header';
import { pageTitle } from '../../config/brand';
import { paths, parseProfileTab, type ProfileTab } from '../../config/paths';
import { DevelopersTab } from '../../features/developer-keys';
import { CollectionsTab } from '../../features/collections';
import { DraftsTab } from '../../features/drafts';
import { InviteFriendsTab } from '../../features/invites';
import { LikedCollection, useFeedColumns } from '../../features/feed';
import { AllMediaTab, useBalance, useMediaLibrary, useShareToFeed } from '../../features/library';
import { MediaViewer, openViewer } from '../../features/viewer';
import { LiveRunStatus, showsLiveStatus } from '../../features/live-run';
import { useVariations } from '../../features/variations';
import type { MediaItem } from '../../entities/media/media-item';
import type { UserProfile } from '../../api/profile';
import { useAuth } from '../../state/use-auth';
import { useProfile } from '../../state/profile';
import { AccountTab } from './account/account-tab';
import { ProfileSidebar } from './profile-sidebar';
import { TokensTab } from './tokens/tokens-tab';
import '../../components/form/forms.css';
import './profile.css';
import '../../styles/icon-tile.css';
import '../../styles/panels.css';
import './profile-shell.css';

const TAB_TITLES: Record<ProfileTab, string> = {
  tokens: 'Credits',
  'all-media': 'All Media',
  liked: 'Liked',
  draft: 'Drafts',
  'invite-friends': 'Invite Friends',
  account: 'Account',
  developers: 'Developers',
  collections: 'Collections',
};

/**
 * Profile (spec 2 §2): the sidebar and the active tab, which lives in the `tab` query parameter
 * (all-media by default) and follows the URL. Signed-out visitors go to /auth.
 */
export function ProfilePage() {
  const [searchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get('tab'));
  const { isAuthenticated, user } = useAuth();
  const { profile } = useProfile();

  if (!isAuthenticated || !user) return <Navigate to={paths.auth.getHref()} replace />;
  return <SignedInProfile tab={tab} user={user} profile={profile} />;
}

/** A processing (or just failed) card shows its run live, with Cancel or Retry. */
function liveStatusOf(item: MediaItem) {
  return showsLiveStatus(item) ? <LiveRunStatus item={item} /> : undefined;
}

function LikedTab({ userId }: { userId: string }) {
  const columns = useFeedColumns();
  return (
    <>
      <PanelHeader title="Liked" subtitle="Creations you liked, newest first. Unlike one and it leaves this list." />
      <LikedCollection userId={userId} columns={columns} onOpen={openViewer} />
    </>
  );
}

function SignedInProfile({ tab, user, profile }: { tab: ProfileTab; user: AuthUser; profile: UserProfile | null }) {
  const library = useMediaLibrary(user.id);
  const balance = useBalance();
  const shareToFeed = useShareToFeed(user.shareToFeed ?? null);
  const variations = useVariations();

  const email = profile?.email || profile?.user?.email || user.email || '';
  const name = profile?.name || user.name || null;
  const avatar = profile?.avatar ?? user.avatar ?? null;
  const username = profile?.user?.username ?? user.username ?? null;
  const totalLikes = Math.max(0, profile?.user?.totalLikesReceived ?? 0);

  return (
    <div className="page profile-shell" data-tab={tab}>
      <title>{pageTitle(`${TAB_TITLES[tab]} · My Profile`)}</title>
      <h1 className="visually-hidden">My Profile</h1>
      <ProfileSidebar
        active={tab}
        name={name}
        avatar={avatar}
        email={email}
        balance={balance}
        totalLikes={totalLikes}
        mediaCount={library.count}
        shareToFeed={shareToFeed}
      />
      <div className="profile-shell__panel" role="region" aria-label={TAB_TITLES[tab]}>
        {tab === 'all-media' && (
          <AllMediaTab library={library} userId={user.id} Viewer={MediaViewer} renderStatus={liveStatusOf} onVariations={variations.ask} />
        )}
        {tab === 'liked' && <LikedTab userId={user.id} />}
        {tab === 'collections' && <CollectionsTab />}
        {tab === 'draft' && <DraftsTab />}
        {tab === 'invite-friends' && <InviteFriendsTab user={user} name={name} />}
        {tab === 'tokens' && <TokensTab balance={balance} creations={library.count} />}
        {tab === 'developers' && <DevelopersTab />}
        {tab === 'account' && (
          <>
            <PanelHeader title="Account" subtitle="How you appear to others, your sign-in address and what happens to your data." />
            <AccountTab email={email} saved={{ name, username, avatar: profile?.user?.avatarLarge ?? avatar }} />
          </>
        )}
      </div>
      {variations.dialog}
    </div>
  );
}
