import type { DebugInfo } from '@app/shared/api/admin';
import { AdminSection, TonePill, formatNumber } from './tone';
import '../../../styles/stack.css';

/** How far the image-variant backfill is (make-media-variants, every minute on a worker). */
export function MediaVariantsSection({ progress }: { progress: DebugInfo['mediaVariants'] }) {
  const { done, total } = progress;
  const complete = done >= total;
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return (
    <AdminSection title="Image variants" note="Right-sized WebP copies the grids load; older items are filled in by a worker, a batch a minute">
      <div className="admin-backfill stack" data-testid="admin-media-variants">
        <div className="admin-backfill__top row">
          <span>
            {formatNumber(done)} of {formatNumber(total)} items
          </span>
          <TonePill tone={complete ? 'green' : 'yellow'}>{complete ? 'Complete' : `${percent} %`}</TonePill>
        </div>
        <div className="admin-backfill__bar" role="progressbar" aria-label="Image variants made" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
    </AdminSection>
  );
}
