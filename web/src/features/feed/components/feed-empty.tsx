import { GridIcon } from '../../../components/icons/creation-icons';
import type { FeedFilter } from '../feed-api';
import { searchTextOf } from '../feed-search';
import '../../../styles/stack.css';
import '../../../styles/cluster.css';

type FeedEmptyProps = {
  filter: FeedFilter;
  failed: boolean;
  onRetry: () => void;
  onFilter: (patch: Partial<FeedFilter>) => void;
};

const PERIOD_WORDS = { day: 'today', week: 'this week' } as const;

/** An empty feed says why, and offers the way out: try again, widen the search or the period, or create. */
export function FeedEmpty({ filter, failed, onRetry, onFilter }: FeedEmptyProps) {
  const search = searchTextOf(filter);
  const period = filter.period === 'all' ? null : PERIOD_WORDS[filter.period];
  const [title, text] = failed
    ? ["The feed didn't load", 'Check your connection and try again.']
    : search
      ? [`No creations match “${search}”`, 'Try other words, or clear the search to see everything.']
      : period
        ? [`No top creations ${period} yet`, 'Look further back, or make the first one.']
        : ['Nothing here yet', 'Be the first — upload a photo and share what you make.'];

  return (
    <div className="feed__empty stack" data-testid="feed-empty">
      <span className="feed__empty-icon icon-tile" aria-hidden="true">
        <GridIcon />
      </span>
      <p className="feed__empty-title">{title}</p>
      <p className="feed__empty-text">{text}</p>
      {(failed || search || period) && (
        <div className="feed__empty-actions cluster">
          {failed ? (
            <button type="button" className="button button--small" onClick={onRetry}>
              Try again
            </button>
          ) : search ? (
            <>
              <button type="button" className="button button--small" onClick={() => onFilter({ q: null, tag: null })}>
                Clear search
              </button>
              {/* A tag is the first few words of a prompt: the words themselves may still be found. */}
              {filter.tag && !filter.q && (
                <button type="button" className="button button--small" onClick={() => onFilter({ q: filter.tag, tag: null })}>
                  Search prompts for “{filter.tag}”
                </button>
              )}
            </>
          ) : (
            <button type="button" className="button button--small" onClick={() => onFilter({ period: 'all' })}>
              See all time
            </button>
          )}
        </div>
      )}
    </div>
  );
}
