import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionColumn } from '../../components/layout/action-column';
import { pageTitle } from '../../config/brand';
import { Composer } from '../../features/composer/components/composer';
import { useComposer } from '../../features/composer/use-composer';
import type { FeedFilter } from '../../features/feed/feed-api';
import { type FeedItem, feedItemFromGenerated } from '../../features/feed/feed-item';
import { FeedSection } from '../../features/feed/components/feed-section';
import { useFeed } from '../../features/feed/use-feed';
import { useTrending } from '../../features/feed/use-trending';
import type { GeneratedMediaItem } from '../../features/generation/generation-types';
import { useGenerationEvent } from '../../features/generation/use-generation-event';
import { openViewer } from '../../features/viewer/viewer-store';
import { getAuthState } from '../../state/auth-store';
import { HomeHero } from './home-hero';
import '../../styles/home.css';

/** The ready toast's tap: the new media in the full-screen viewer, wherever the person is. */
function openGenerated(item: GeneratedMediaItem): void {
  const shown = feedItemFromGenerated(item, getAuthState().user?.id ?? null, 'You');
  if (shown) openViewer([shown], 0);
}

/**
 * Home (spec 1 §2): the public feed with its filters, trending, the floating composer and the
 * right-hand column. The filters live in the address (?type=, ?creator=), so the viewer can set
 * them from anywhere.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const filter: FeedFilter = useMemo(
    () => ({ presetType: params.get('type') || null, creatorId: params.get('creator') || null }),
    [params],
  );
  const feed = useFeed(filter);
  const trending = useTrending();
  const composer = useComposer({ onOpen: openGenerated });

  const setFilter = useCallback(
    (patch: Partial<FeedFilter>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if ('presetType' in patch) {
            if (patch.presetType) next.set('type', patch.presetType);
            else next.delete('type');
          }
          if ('creatorId' in patch) {
            if (patch.creatorId) next.set('creator', patch.creatorId);
            else next.delete('creator');
          }
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  // A new public creation shows on top at once; the engine's refreshFeed follows 500 ms later.
  useGenerationEvent('generation-complete', ({ record }) => {
    if (record.isPublic !== true) return;
    const item = feedItemFromGenerated(record, getAuthState().user?.id ?? null, 'You');
    if (item) feed.prepend(item);
  });
  useGenerationEvent('refreshFeed', () => feed.refresh());

  const open = useCallback((items: readonly FeedItem[], index: number) => openViewer(items, index), []);

  return (
    <div className="home">
      <title>{pageTitle('Turn a photo into a new world')}</title>
      <HomeHero
        trending={trending}
        fresh={feed.items}
        onUpload={() => composer.actions.openFilePicker()}
        onOpenTrending={open}
      />
      <FeedSection feed={feed} filter={filter} onOpen={open} onFilter={setFilter} />
      <ActionColumn />
      <Composer composer={composer} />
    </div>
  );
}
