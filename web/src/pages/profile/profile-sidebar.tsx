import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { HeartIcon } from '../../components/icons/creation-icons';
import { ArrowLeftIcon, CoinsIcon, CollectionIcon, DocumentIcon, GiftIcon, ImageIcon, LockIcon, LogoutIcon, UserIcon } from '../../components/icons/line-icons';
import { SocialLinks } from '../../components/social-links/social-links';
import { paths, type ProfileTab } from '../../config/paths';
import { type ShareToFeed, ShareToFeedSwitch } from '../../features/library';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import { emailName } from '../../lib/email';
import { useSignOut } from '../../state/use-sign-out';
import '../../styles/stack.css';
import '../../styles/cluster.css';
import { LegalLink } from '../../features/legal';

type ProfileSidebarProps = {
  active: ProfileTab;
  name: string | null;
  avatar: string | null;
  email: string;
  balance: number | null;
  totalLikes: number;
  mediaCount: number | null;
  shareToFeed: ShareToFeed;
};

function TabLink({ tab, active, icon, label, count }: { tab: ProfileTab; active: ProfileTab; icon: ReactNode; label: string; count?: number | null }) {
  return (
    <Link to={paths.profile.getHref(tab)} className="sidebar-item row" aria-current={tab === active ? 'page' : undefined}>
      <span className="sidebar-item__icon place-center" aria-hidden="true">
        {icon}
      </span>
      <span className="sidebar-item__label">{label}</span>
      {count !== undefined && <span className="sidebar-item__count count-pill">{count ?? '–'}</span>}
    </Link>
  );
}

function Stat({ icon, label, value, current = false }: { icon: ReactNode; label: string; value: ReactNode; current?: boolean }) {
  return (
    <div className={`sidebar-item row sidebar-item--static${current ? ' is-current' : ''}`}>
      <span className="sidebar-item__icon place-center" aria-hidden="true">
        {icon}
      </span>
      <span className="sidebar-item__label">{label}</span>
      <span className="sidebar-item__value">{value}</span>
    </div>
  );
}

/**
 * The profile's left sidebar (spec 2 §2): back to /, then Credits (the spec's Tokens: the balance, nothing to
 * click), Invite Friends, Total Likes, Share to Feed, All Media with its count, Liked, Collections (issue 46), Drafts,
 * Account and Developers (issue 45: API keys and webhooks); the legal and social links and Logout.
 */
export function ProfileSidebar({ active, name, avatar, email, balance, totalLikes, mediaCount, shareToFeed }: ProfileSidebarProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <aside className="profile-sidebar stack" aria-label="Profile">
      <button type="button" className="back-button" onClick={() => void navigate(paths.home.getHref())}>
        <ArrowLeftIcon />
        Back
      </button>

      <div className="profile-identity row">
        <CreatorAvatar avatar={avatar} name={name || email} className="profile-identity__avatar place-center" size={44} />
        <div className="profile-identity__text">
          <p className="profile-identity__name truncate">{name || (email ? emailName(email) : 'My Profile')}</p>
          <p className="profile-identity__email truncate">{email}</p>
        </div>
      </div>

      <nav className="profile-nav stack" aria-label="Profile sections">
        <Stat
          icon={<CoinsIcon />}
          label="Credits"
          value={<span className="gradient-text" data-testid="token-balance">{balance ?? '–'}</span>}
          current={active === 'tokens'}
        />
        <TabLink tab="invite-friends" active={active} icon={<GiftIcon />} label="Invite Friends" />
        <Stat icon={<HeartIcon />} label="Total Likes" value={totalLikes} />
        <div className="sidebar-item row sidebar-item--switch">
          <ShareToFeedSwitch value={shareToFeed.value} saving={shareToFeed.saving} onToggle={shareToFeed.toggle} />
        </div>
        <div className="profile-nav__divider" role="separator" />
        <TabLink tab="all-media" active={active} icon={<ImageIcon />} label="All Media" count={mediaCount} />
        <TabLink tab="liked" active={active} icon={<HeartIcon />} label="Liked" />
        <TabLink tab="collections" active={active} icon={<CollectionIcon />} label="Collections" />
        <TabLink tab="draft" active={active} icon={<DocumentIcon />} label="Drafts" />
        <TabLink tab="account" active={active} icon={<UserIcon />} label="Account" />
        <TabLink tab="developers" active={active} icon={<LockIcon />} label="Developers" />
      </nav>

      <div className="profile-sidebar__footer stack">
        <nav className="legal-links cluster" aria-label="Legal">
          <LegalLink kind="privacy">Privacy</LegalLink>
          <LegalLink kind="terms">Terms</LegalLink>
          <LegalLink kind="cookies">Cookies</LegalLink>
        </nav>
        <SocialLinks />
        <button type="button" className="button button--small profile-sidebar__logout" onClick={() => void signOut()}>
          <LogoutIcon />
          Logout
        </button>
      </div>
    </aside>
  );
}
