import type { ReactNode } from 'react';
import { CheckIcon, TrashIcon } from '../../../components/icons/line-icons';
import {
  aspectRatioOf,
  displayPrompt,
  formatCardDate,
  identityLabel,
  isVideo,
  type LibraryItem,
  presetLabel,
} from '../media-item';
import { DownloadIcon, FilmIcon, FingerprintIcon, GlobeIcon } from './library-icons';
import { MediaPreview } from './media-preview';
import { MediaStatus } from './media-status';

type MediaCardProps = {
  item: LibraryItem;
  selecting: boolean;
  selected: boolean;
  onOpen: () => void;
  onToggleSelect: () => void;
  onDownload: () => void;
  onDelete: () => void;
  /** The gallery puts its own bar of actions under the picture. */
  footer?: ReactNode;
  hoverActions?: boolean;
};

/**
 * One item of the library: the picture at its own aspect ratio, its preset, identity score and
 * state, its prompt and date; download and delete on hover, or a check mark while selecting.
 */
export function MediaCard({
  item,
  selecting,
  selected,
  onOpen,
  onToggleSelect,
  onDownload,
  onDelete,
  footer,
  hoverActions = true,
}: MediaCardProps) {
  const label = presetLabel(item.presetType);
  const prompt = displayPrompt(item);
  const ready = !item.pending && item.status === 'completed';
  const classes = ['media-card', selected && 'is-selected', selecting && 'is-selecting', item.pending && 'is-pending']
    .filter(Boolean)
    .join(' ');

  return (
    <article className={classes} data-media-id={item.id} data-status={item.status}>
      <div className="media-card__frame" style={{ aspectRatio: String(aspectRatioOf(item)) }}>
        <button
          type="button"
          className="media-card__open"
          onClick={selecting ? onToggleSelect : onOpen}
          aria-label={selecting ? `${selected ? 'Deselect' : 'Select'} ${prompt}` : `Open ${prompt}`}
          aria-pressed={selecting ? selected : undefined}
          disabled={item.pending && !selecting}
        >
          <MediaPreview item={item} />
        </button>

        <div className="media-card__chips">
          {label && <span className="media-chip">{label}</span>}
          {isVideo(item) && (
            <span className="media-chip media-chip--icon" title="Video">
              <FilmIcon />
              <span className="visually-hidden">Video</span>
            </span>
          )}
          {item.isPublic && !item.pending && (
            <span className="media-chip media-chip--icon" title="Shared to the public feed">
              <GlobeIcon />
              <span className="visually-hidden">Public</span>
            </span>
          )}
        </div>

        {item.identity && (
          <span
            className={`media-chip media-chip--identity${item.identity.passed === false ? ' is-low' : ''}`}
            title={
              item.identity.threshold !== null
                ? `Likeness to your photo: ${item.identity.score.toFixed(2)} (needs ${item.identity.threshold.toFixed(2)})`
                : 'Likeness to your photo'
            }
          >
            <FingerprintIcon />
            {identityLabel(item.identity)}
          </span>
        )}

        <MediaStatus item={item} />

        {selecting && (
          <span className="media-card__check" aria-hidden="true">
            {selected && <CheckIcon />}
          </span>
        )}

        {hoverActions && !selecting && (
          <div className="media-card__actions">
            {ready && (
              <button type="button" className="icon-button" onClick={onDownload} aria-label="Download" title="Download">
                <DownloadIcon />
              </button>
            )}
            <button type="button" className="icon-button icon-button--danger" onClick={onDelete} aria-label="Delete" title="Delete">
              <TrashIcon />
            </button>
          </div>
        )}
      </div>
      <div className="media-card__caption">
        <p className="media-card__prompt" title={prompt}>
          {prompt}
        </p>
        <p className="media-card__meta">{item.pending ? (item.status === 'failed' ? 'Generation failed' : 'In progress') : formatCardDate(item.createdAt)}</p>
      </div>
      {footer}
    </article>
  );
}
