import type { ReactNode } from 'react';
import '../../styles/icon-tile.css';
import './page.css';

/** A panel with an icon and one line, for a page or list with nothing to show yet. */
export function EmptyState({ icon, message }: { icon: ReactNode; message: ReactNode }) {
  return (
    <section className="empty-state">
      <div className="empty-state__icon icon-tile">{icon}</div>
      <p className="empty-state__message">{message}</p>
    </section>
  );
}
