import type { AdminMediaRow } from '@app/shared/api/admin';
import { useState } from 'react';
import { filterAdminMedia, mediaStatusTone } from '../admin-rules';
import { useAdminMedia } from '../use-admin-data';
import { useNearBottom } from '../use-near-bottom';
import { MediaDetailModal } from './media-detail-modal';
import { AdminEmpty, AdminLoading, AdminSearch, formatShortDate, TonePill } from './tone';
import { BusyButton } from '../../../components/form/busy-button';
import '../../../styles/stack.css';

function mediaPreviewUrl(item: AdminMediaRow): string | null {
  return item.finalUrl ?? item.image_url;
}

/** Media (spec 3 §4, §5): 50 at a time, more near the bottom or on Load More; the search filters what is loaded. */
export function MediaTab() {
  const media = useAdminMedia();
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = filterAdminMedia(media.items, search);
  const open = media.items.find((item) => item.id === openId) ?? null;

  useNearBottom(media.loadMore, media.status === 'ready' && media.hasMore, media.items.length);

  return (
    <div className="admin-media stack">
      <AdminSearch id="admin-media-search" label="Search loaded media" placeholder="Filter by prompt, type or id" value={search} onChange={setSearch}>
        {media.status === 'ready' && (search.trim() ? `${shown.length} of ${media.items.length} loaded` : `${media.items.length} loaded`)}
      </AdminSearch>

      {media.status === 'loading' ? (
        <AdminLoading />
      ) : media.status === 'error' ? (
        <AdminEmpty>The media could not be loaded.</AdminEmpty>
      ) : shown.length === 0 ? (
        <AdminEmpty>{search.trim() ? 'No loaded item matches this search.' : 'No media yet.'}</AdminEmpty>
      ) : (
        <ul className="admin-media__grid card-grid">
          {shown.map((item) => (
            <li key={item.id} className="admin-media__item" data-testid="admin-media-item" data-media-id={item.id}>
              <button type="button" className="admin-media__open stack" onClick={() => setOpenId(item.id)} aria-label={`Open ${item.type} ${item.id}`}>
                <MediaThumb item={item} />
                <span className="admin-media__status">
                  <TonePill tone={mediaStatusTone(item.status)}>{item.status}</TonePill>
                </span>
                <span className="admin-media__caption stack">
                  <span className="admin-media__prompt line-clamp">{item.prompt || <span className="admin-faint">No prompt</span>}</span>
                  <span className="admin-media__meta">
                    {item.type} · {formatShortDate(item.created_at)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {media.status === 'ready' && (
        <div className="admin-media__more">
          {media.hasMore ? (
            <BusyButton type="button" className="button" onClick={media.loadMore} busy={media.loadingMore}>
              Load More
            </BusyButton>
          ) : (
            media.items.length > 0 && <p className="admin-faint">All media loaded.</p>
          )}
        </div>
      )}

      <MediaDetailModal item={open} onClose={() => setOpenId(null)} onDelete={media.remove} />
    </div>
  );
}

function MediaThumb({ item }: { item: AdminMediaRow }) {
  const url = mediaPreviewUrl(item);
  if (!url) return <span className="admin-media__thumb admin-media__thumb--none place-center">No preview</span>;
  if (item.type === 'video' && !item.image_url) {
    return <video className="admin-media__thumb" src={url} muted playsInline preload="metadata" aria-hidden="true" />;
  }
  return <img className="admin-media__thumb" src={item.type === 'video' ? (item.image_url ?? url) : url} alt="" loading="lazy" />;
}
