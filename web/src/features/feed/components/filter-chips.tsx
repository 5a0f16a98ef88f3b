import type { ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons/line-icons';
import type { FeedFilter } from '../feed-api';
import { presetTypeLabel } from '../../../entities/media/media-item';
import '../../../styles/cluster.css';

/**
 * What narrows the feed, each with 'clear': 'Filtering by {preset type}' and 'Filtering by
 * creator' (spec 1 §2), a search's 'Results for “…”' and a tag's '#tag'.
 */
export function FilterChips({ filter, onClear }: { filter: FeedFilter; onClear: (patch: Partial<FeedFilter>) => void }) {
  const { presetType, creatorId, q, tag } = filter;
  if (!presetType && !creatorId && !q && !tag) return null;
  return (
    <div className="filter-chips cluster" role="status">
      {q && (
        <Chip label={`Clear search “${q}”`} onClear={() => onClear({ q: null })}>
          Results for “{q}”
        </Chip>
      )}
      {tag && (
        <Chip label={`Clear tag #${tag}`} onClear={() => onClear({ tag: null })}>
          #{tag}
        </Chip>
      )}
      {presetType && <Chip onClear={() => onClear({ presetType: null })}>Filtering by {presetTypeLabel(presetType)}</Chip>}
      {creatorId && <Chip onClear={() => onClear({ creatorId: null })}>Filtering by creator</Chip>}
    </div>
  );
}

/** One chip; `label` names its clear button when 'clear' alone would not say what it clears. */
function Chip({ children, label, onClear }: { children: ReactNode; label?: string; onClear: () => void }) {
  return (
    <span className="filter-chip inline-row">
      {/* A long search ends in an ellipsis rather than widening the page. */}
      <span className="filter-chip__text truncate">{children}</span>
      <button type="button" className="filter-chip__clear inline-row" aria-label={label} onClick={onClear}>
        <CloseIcon />
        clear
      </button>
    </span>
  );
}
