/** Placeholders while the first page loads. */
export function MediaSkeleton({ columns, count = 6 }: { columns: number; count?: number }) {
  const ratios = [0.8, 1.25, 1, 1.33, 0.75, 1.1, 0.9, 1.2];
  return (
    <div className="masonry" style={{ ['--masonry-columns' as string]: columns }} aria-hidden="true">
      {Array.from({ length: columns }, (_, lane) => (
        <div className="masonry__lane" key={lane}>
          {Array.from({ length: Math.ceil(count / columns) }, (_, row) => (
            <div key={row} className="skeleton-card" style={{ aspectRatio: String(ratios[(lane * 3 + row) % ratios.length]) }} />
          ))}
        </div>
      ))}
    </div>
  );
}
