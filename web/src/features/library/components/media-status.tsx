import { WarningIcon } from '../../../components/icons/line-icons';
import { isWaitingForVideos, type MediaItem } from '../../../entities/media/media-item';
import '../../../styles/center-stack.css';
import '../../../styles/cluster.css';

/** The state laid over a card or the viewer: running, failed, or Story Time still rendering. */
export function MediaStatus({ item }: { item: MediaItem }) {
  if (item.status === 'processing') {
    return (
      <div className="media-status media-status--processing center-stack" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="media-status__text">Creating…</span>
      </div>
    );
  }
  if (item.status === 'failed') {
    return (
      <span className="media-badge media-badge--failed inline-row">
        <WarningIcon />
        Failed
      </span>
    );
  }
  if (isWaitingForVideos(item)) {
    return (
      <div className="media-status media-status--videos center-stack" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="media-status__text">Generating Videos...</span>
      </div>
    );
  }
  return null;
}
