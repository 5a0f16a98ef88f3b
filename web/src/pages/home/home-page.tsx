import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionColumn } from '../../components/layout/action-column';
import { pageTitle } from '../../config/brand';
import { Composer, useComposer } from '../../features/composer';
import { type FeedFilter, FeedSection, filterFromParams, useFeed, useTrending, withFilter } from '../../features/feed';
import type { MediaItem } from '../../entities/media/media-item';
import { openViewer } from '../../features/viewer';
import { getAuthState } from '../../state/auth-store';
import { HomeHero } from './home-hero';
import './home.css';
import { useComposerDock } from './use-composer-dock';
import { useFirstScreenTakenOver } from '../../lib/first-screen';

/** The ready toast's tap: the new media in the full-screen viewer, wherever the person is. */
function openGenerated(item: MediaItem): void {
  openViewer([asMine(item)], 0);
}

/** The person's own new item, credited to them ('You'). */
function asMine(item: MediaItem): MediaItem {
  return { ...item, userId: item.userId ?? getAuthState().user?.id ?? null, creator: { name: 'You', avatar: null, username: null } };
}

/**
 * Home (spec 1 §2): the public feed with its filters, trending, the floating composer and the
 * right-hand column. The feed's order, search and filters live in the address (?sort=, ?period=,
 * ?q=, ?tag=, ?type=, ?creator=), so a search can be linked, Back undoes a change, and the viewer
 * can set a filter from anywhere.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const feed = useFeed(filter);
  const trending = useTrending();
  const { prepend } = feed;
  // A new public creation shows on top at once; the feed query is refreshed 500 ms later.
  const onComplete = useCallback(
    (item: MediaItem) => {
      if (item.isPublic) prepend(asMine(item));
    },
    [prepend],
  );
  const composer = useComposer({ onOpen: openGenerated, onComplete });

  // Each change is a step of history (Back undoes a search or an order); the same search again is none.
  const setFilter = useCallback(
    (patch: Partial<FeedFilter>) => {
      const next = withFilter(params, patch);
      if (next.toString() !== params.toString()) setParams(next, { preventScrollReset: true });
    },
    [params, setParams],
  );

  const open = useCallback((items: readonly MediaItem[], index: number) => openViewer(items, index), []);
  const dock = useComposerDock();
  useFirstScreenTakenOver();

  return (
    <div className={`home${dock.inline ? '' : ' home--composer-docked'}`}>
      <title>{pageTitle('Turn a photo into a new world')}</title>
      <HomeHero
        trending={trending}
        fresh={feed.items}
        onUpload={() => composer.actions.openFilePicker()}
        onLook={composer.actions.selectMode}
        onOpenTrending={open}
      />
      <div ref={dock.slot} className={`composer-slot${dock.inline ? ' composer-slot--inline' : ''}`}>
        <Composer composer={composer} />
      </div>
      <FeedSection feed={feed} filter={filter} onOpen={open} onFilter={setFilter} />
      <ActionColumn />
    </div>
  );
}
