import { CloseIcon } from '../../../components/icons/line-icons';
import type { FeedFilter } from '../feed-api';
import { presetTypeLabel } from '../../../entities/media/media-item';

/** 'Filtering by {preset type}' and 'Filtering by creator', each with 'clear' (spec 1 §2). */
export function FilterChips({ filter, onClearType, onClearCreator }: { filter: FeedFilter; onClearType: () => void; onClearCreator: () => void }) {
  if (!filter.presetType && !filter.creatorId) return null;
  return (
    <div className="filter-chips" role="status">
      {filter.presetType && (
        <span className="filter-chip">
          <span className="filter-chip__text">Filtering by {presetTypeLabel(filter.presetType)}</span>
          <button type="button" className="filter-chip__clear" onClick={onClearType}>
            <CloseIcon />
            clear
          </button>
        </span>
      )}
      {filter.creatorId && (
        <span className="filter-chip">
          <span className="filter-chip__text">Filtering by creator</span>
          <button type="button" className="filter-chip__clear" onClick={onClearCreator}>
            <CloseIcon />
            clear
          </button>
        </span>
      )}
    </div>
  );
}
