import { FEED_PERIODS, FEED_SORTS, type FeedPeriod, type FeedSort } from '@app/shared/api/feed';
import { startTransition, useOptimistic } from 'react';
import type { FeedFilter } from '../feed-api';
import '../../../styles/cluster.css';

const SORT_LABELS: Record<FeedSort, string> = { new: 'New', trending: 'Trending', top: 'Top' };
const PERIOD_LABELS: Record<FeedPeriod, string> = { day: 'Today', week: 'This week', all: 'All time' };

type FeedOrderProps = {
  sort: FeedSort;
  period: FeedPeriod;
  onChange: (patch: Partial<FeedFilter>) => void;
};

/** The feed's order (New, Trending, Top) and, for Top, how far back it looks. */
export function FeedOrder({ sort, period, onChange }: FeedOrderProps) {
  return (
    <div className="feed-order cluster">
      <Segmented name="feed-sort" legend="Order" options={FEED_SORTS} labels={SORT_LABELS} value={sort} onChange={(next) => onChange({ sort: next })} />
      {sort === 'top' && (
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
