import '../feed.css';

/** The first load's placeholder: 6 skeleton rows (spec 1 §2), laid out like the grid. */
const SKELETON_ROWS = 6;
const RATIOS = [0.8, 1, 0.75, 1.25, 0.8, 0.66];

export function FeedSkeleton({ columns }: { columns: number }) {
  return (
    <div className="feed-skeleton" aria-busy="true" aria-label="Loading the feed" data-testid="feed-skeleton">
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <div key={row} className="feed-skeleton__row" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {Array.from({ length: columns }, (_, column) => (
            <span
              key={column}
              className="feed-skeleton__cell"
              style={{ aspectRatio: `${RATIOS[(row * columns + column) % RATIOS.length]}`, animationDelay: `${(row * columns + column) * 80}ms` }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
