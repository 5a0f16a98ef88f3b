import { FEED_PERIODS, FEED_SORTS, type FeedPeriod, type FeedSort } from '@app/shared/api/feed';
import { startTransition, useOptimistic } from 'react';
import type { FeedFilter } from '../feed-api';
import '../../../styles/cluster.css';

/** The orders of everyone's feed, and (signed in) the Following feed beside them. */
type FeedChoice = FeedSort | 'following';
const CHOICE_LABELS: Record<FeedChoice, string> = { new: 'New', trending: 'Trending', top: 'Top', following: 'Following' };
const SIGNED_IN_CHOICES: readonly FeedChoice[] = [...FEED_SORTS, 'following'];
const PERIOD_LABELS: Record<FeedPeriod, string> = { day: 'Today', week: 'This week', all: 'All time' };

type FeedOrderProps = {
  sort: FeedSort;
  period: FeedPeriod;
  /** Showing the Following feed. */
  following: boolean;
  /** Following is offered to a signed-in person only. */
  signedIn: boolean;
  onChange: (patch: Partial<FeedFilter>) => void;
};

/** The feed's order (New, Trending, Top; Following when signed in) and, for Top, how far back it looks. */
export function FeedOrder({ sort, period, following, signedIn, onChange }: FeedOrderProps) {
  const choose = (next: FeedChoice) => onChange(next === 'following' ? { feed: 'following' } : { feed: null, sort: next });
  return (
    <div className="feed-order cluster">
      <Segmented
        name="feed-sort"
        legend="Order"
        options={signedIn ? SIGNED_IN_CHOICES : FEED_SORTS}
        labels={CHOICE_LABELS}
        value={following ? 'following' : sort}
        onChange={choose}
      />
      {sort === 'top' && !following && (
        <Segmented name="feed-period" legend="Period" options={FEED_PERIODS} labels={PERIOD_LABELS} value={period} onChange={(next) => onChange({ period: next })} />
      )}
    </div>
  );
}

type SegmentedProps<T extends string> = {
  name: string;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
};

/**
 * One choice of a few, as native radios (Tab reaches the group, the arrows move in it) drawn as a
 * segmented pill. The choice shows at once: the address it changes is applied in a transition,
 * and the optimistic choice gives way to the address's once that transition is done.
 */
function Segmented<T extends string>({ name, legend, options, labels, value, onChange }: SegmentedProps<T>) {
  const [chosen, setChosen] = useOptimistic(value);
  const choose = (option: T) =>
    startTransition(() => {
      setChosen(option);
      onChange(option);
    });
  return (
    <fieldset className={`segmented segmented--${name}`}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="segmented__option">
          <input type="radio" className="segmented__input" name={name} value={option} checked={option === chosen} onChange={() => choose(option)} />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}
