import { WarningIcon } from '../../../components/icons/line-icons';
import { isAwaitingVideos, type LibraryItem } from '../media-item';

/** The state laid over a card or the viewer: running, failed, or Story Time still rendering. */
export function MediaStatus({ item }: { item: LibraryItem }) {
  if (item.status === 'processing') {
    return (
      <div className="media-status media-status--processing" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="media-status__text">Creating…</span>
      </div>
    );
  }
  if (item.status === 'failed') {
    return (
      <span className="media-badge media-badge--failed">
        <WarningIcon />
        Failed
      </span>
    );
  }
  if (isAwaitingVideos(item)) {
    return (
      <div className="media-status media-status--videos" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="media-status__text">Generating Videos...</span>
      </div>
    );
  }
  return null;
}
