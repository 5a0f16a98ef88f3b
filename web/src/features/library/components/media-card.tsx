import '../../../entities/media/media.css';
import '../library.css';
import type { ReactNode } from 'react';
import { DownloadIcon, FilmIcon } from '../../../components/icons/creation-icons';
import { CheckIcon, FingerprintIcon, GlobeIcon, SparkleIcon, TrashIcon } from '../../../components/icons/line-icons';
import { formatCardDate, identityLabel } from '../../../entities/media/media-format';
import { captionOf } from '../../../entities/media/caption';
import { isReady, type MediaItem, presetTypeLabel } from '../../../entities/media/media-item';
import { moderationLine } from '../../../entities/media/moderation';
import { declaredRatio, useMediaRatio } from '../../../entities/media/use-media-ratio';
import { credits } from '../../../lib/count-text';
import { MediaPreview } from './media-preview';
import { MediaStatus } from './media-status';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

type MediaCardProps = {
  item: MediaItem;
  /** Set while the library is in selection mode: a tap then toggles the card instead of opening it. */
  selection?: { selected: boolean; onToggle: () => void };
  onOpen: () => void;
  onDownload: () => void;
  onDelete: () => void;
  /** New takes of a finished item (its price is asked first); absent: not offered. */
  onVariations?: () => void;
  /** The gallery puts its own bar of actions under the picture. */
  footer?: ReactNode;
  hoverActions?: boolean;
  /** Laid over the picture instead of the item's own state (a run's live progress). */
  status?: ReactNode;
};

/**
 * One item of the library: the picture at its own aspect ratio, its preset, identity score and
 * state, its prompt and date; download and delete on hover, or a check mark while selecting.
 */
export function MediaCard({
  item,
  selection,
  onOpen,
  onDownload,
  onDelete,
  onVariations,
  footer,
  hoverActions = true,
  status,
}: MediaCardProps) {
  const label = presetTypeLabel(item.presetType);
  const caption = captionOf(item);
  const prompt = caption.title ?? caption.text;
  const ready = isReady(item);
  const { ratio, onMedia } = useMediaRatio(declaredRatio(item.width, item.height));
  const selecting = selection !== undefined;
  const held = moderationLine(item.moderation);
  const selected = selection?.selected ?? false;
  const classes = ['media-card', selected && 'is-selected', selecting && 'is-selecting', item.pending && 'is-pending']
    .filter(Boolean)
    .join(' ');

  return (
    <article className={classes} data-media-id={item.id} data-status={item.status}>
      <div className="media-card__frame" style={{ aspectRatio: String(ratio) }}>
        <button
          type="button"
          className="media-card__open"
          onClick={selection ? selection.onToggle : onOpen}
          aria-label={selecting ? `${selected ? 'Deselect' : 'Select'} ${prompt}` : `Open ${prompt}`}
          aria-pressed={selecting ? selected : undefined}
          disabled={item.pending && !selecting}
        >
          <MediaPreview item={item} onMedia={onMedia} />
        </button>

        {/* The top bar: the look's chips on the left give way (the label shortens) to the hover actions on the right. */}
        <div className="media-card__top">
          <div className="media-card__chips cluster">
            {label && (
              <span className="media-chip media-chip--label inline-row glass-pill" title={label}>
                <span className="truncate">{label}</span>
              </span>
            )}
            {item.variationOf && <span className="media-chip inline-row glass-pill">Variation</span>}
            {item.mediaType === 'video' && (
              <span className="media-chip inline-row media-chip--icon glass-pill" title="Video">
                <FilmIcon />
                <span className="visually-hidden">Video</span>
              </span>
            )}
          </div>

          {hoverActions && !selecting && (
            <div className="media-card__actions">
              {ready && onVariations && (
                <button type="button" className="icon-button place-center" onClick={onVariations} aria-label="Variations" title="Variations">
                  <SparkleIcon />
                </button>
              )}
              {ready && (
                <button type="button" className="icon-button place-center" onClick={onDownload} aria-label="Download" title="Download">
                  <DownloadIcon />
                </button>
              )}
              <button type="button" className="icon-button place-center icon-button--danger" onClick={onDelete} aria-label="Delete" title="Delete">
                <TrashIcon />
              </button>
            </div>
          )}
        </div>

        {/* Public: bottom left, across from the likeness score. */}
        {item.isPublic && !item.pending && !held && (
          <span className="media-chip inline-row media-chip--icon media-chip--public glass-pill" title="Shared to the public feed">
            <GlobeIcon />
            <span className="visually-hidden">Public</span>
          </span>
        )}

        {item.identity?.score != null && (
          <span
            className={`media-chip inline-row media-chip--identity glass-pill${item.identity.passed === false ? ' is-low' : ''}`}
            title={
              item.identity.threshold !== null
                ? `Likeness to your photo: ${item.identity.score.toFixed(2)} (needs ${item.identity.threshold.toFixed(2)})`
                : 'Likeness to your photo'
            }
          >
            <FingerprintIcon />
            {identityLabel(item.identity.score)}
          </span>
        )}

        {status ?? <MediaStatus item={item} />}

        {selecting && (
          <span className="media-card__check place-center" aria-hidden="true">
            {selected && <CheckIcon />}
          </span>
        )}
      </div>
      <div className="media-card__caption stack">
        {caption.title && <p className="media-card__title truncate">{caption.title}</p>}
        <p className="media-card__prompt line-clamp" title={caption.text}>
          {caption.text}
        </p>
        <p className="media-card__meta">{item.pending ? pendingCaption(item) : formatCardDate(item.createdAt)}</p>
        {held && (
          <p className={`media-card__moderation${item.moderation?.state === 'hidden' ? ' is-hidden' : ''}`} data-testid="moderation-line">
            {held}
          </p>
        )}
      </div>
      {footer}
    </article>
  );
}

/** What a stand-in card of a run in progress or ended says under its prompt: in progress, with its price as charged. */
function pendingCaption(item: MediaItem): string {
  if (item.status !== 'failed') return item.charged != null ? `In progress · ${credits(item.charged)}` : 'In progress';
  return item.canceled ? 'Canceled' : 'Generation failed';
}
