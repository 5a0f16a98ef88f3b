import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths, type ProfileTab } from '../../config/paths';

const TABS: { tab: ProfileTab; label: string }[] = [
  { tab: 'all-media', label: 'All Media' },
  { tab: 'draft', label: 'Drafts' },
  { tab: 'invite-friends', label: 'Invite Friends' },
  { tab: 'account', label: 'Account' },
];

/** The profile's sections; each is a link, so the tab stays in the URL. */
export function ProfileTabs({ active }: { active: ProfileTab }) {
  const strip = useRef<HTMLElement>(null);

  // On a narrow screen the strip scrolls sideways: keep the active tab in view.
  useEffect(() => {
    const node = strip.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const parent = strip.current;
    if (!node || !parent) return;
    const left = node.offsetLeft - parent.offsetLeft;
    if (left + node.offsetWidth > parent.scrollLeft + parent.clientWidth || left < parent.scrollLeft) {
      parent.scrollLeft = left - 4;
    }
  }, [active]);

  return (
    <nav ref={strip} className="profile-tabs" aria-label="Profile sections">
      {TABS.map(({ tab, label }) => (
        <Link
          key={tab}
          to={paths.profile.getHref(tab)}
          className="profile-tabs__tab"
          aria-current={tab === active ? 'page' : undefined}
          replace
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
