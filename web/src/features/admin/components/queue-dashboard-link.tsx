import { type MouseEvent, useState } from 'react';
import { openQueueDashboardSession } from '../admin-api';

const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * The queue dashboard reads the admin secret from a cookie: the session call sets it before
 * the link opens, in a new tab.
 */
export function QueueDashboardLink() {
  const [opening, setOpening] = useState(false);
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (opening) return;
    // Opened at once, inside the click, so no popup blocker stops it; pointed at the page once the cookie is set.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      await openQueueDashboardSession();
    } catch (error) {
      console.error('Admin: opening the queue dashboard failed', error);
    } finally {
      setOpening(false);
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = QUEUE_DASHBOARD_PATH;
    } else {
      window.location.assign(QUEUE_DASHBOARD_PATH);
    }
  };
  return (
    <a className="button button--small admin-health__link" href={QUEUE_DASHBOARD_PATH} target="_blank" rel="noopener noreferrer" onClick={(event) => void open(event)} aria-busy={opening}>
      Open queue dashboard
    </a>
  );
}
