import { PlusIcon } from '../../../components/icons/creation-icons';
import { CloseIcon } from '../../../components/icons/line-icons';
import type { ComposerMedia } from '../use-composer';
import '../../../styles/center-stack.css';

type MediaSlotProps = {
  media: ComposerMedia | null;
  uploading: boolean;
  progress: number;
  onAdd: () => void;
  onRemove: () => void;
};

/** The preview card of the composer's media with its remove button, or the tile that adds one. */
export function MediaSlot({ media, uploading, progress, onAdd, onRemove }: MediaSlotProps) {
  if (!media) {
    return (
      <button type="button" className="media-slot media-slot--empty center-stack" onClick={onAdd} aria-label="Add a photo or video">
        <PlusIcon />
        <span className="media-slot__hint">Add photo</span>
      </button>
    );
  }
  const busy = uploading && !media.sourceUrl;
  return (
    <div className={`media-slot${busy ? ' is-uploading' : ''}`} data-testid="composer-preview">
      {media.kind === 'video' ? (
        <video className="media-slot__media cover" src={media.previewUrl} muted playsInline autoPlay loop />
      ) : (
        <img className="media-slot__media cover" src={media.previewUrl} alt="Your upload" />
      )}
      {busy && (
        <span className="media-slot__progress progress-track" role="progressbar" aria-label="Uploading" aria-valuenow={Math.round(progress)} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${Math.max(6, progress)}%` }} />
        </span>
      )}
      {!busy && media.sourceUrl && <span className="media-slot__ready" role="img" aria-label="Uploaded" />}
      <button type="button" className="media-slot__remove place-center" aria-label="Remove media" onClick={onRemove}>
        <CloseIcon />
      </button>
    </div>
  );
}
