import type { AdminStats } from '@app/shared/api/admin';
import { formatNumber } from './tone';
import '../../../styles/stack.css';
import '../../../styles/surface-card.css';

const CARDS: { key: keyof AdminStats; label: string; hint: string }[] = [
  { key: 'totalUsers', label: 'Total users', hint: 'accounts' },
  { key: 'totalMedia', label: 'Total media', hint: 'images and videos' },
  { key: 'activeUsers', label: 'Active users', hint: 'last 7 days' },
  { key: 'totalCredits', label: 'Total credits', hint: 'held by everyone' },
  { key: 'openReports', label: 'Open reports', hint: 'waiting for review' },
];

/** The admin stats (spec 3 §3) above the tabs. */
export function StatCards({ stats }: { stats: AdminStats | null }) {
  return (
    <ul className="admin-stats card-grid" aria-label="Stats">
      {CARDS.map((card) => (
        <li key={card.key} className="admin-stat surface-card stack" data-testid={`stat-${card.key}`}>
          <span className="admin-stat__label">{card.label}</span>
          <span className="admin-stat__value" data-testid="stat-value">{stats ? formatNumber(stats[card.key]) : '—'}</span>
          <span className="admin-stat__hint">{card.hint}</span>
        </li>
      ))}
    </ul>
  );
}
