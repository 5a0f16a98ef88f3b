const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MOMENT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day: "Mar 4, 2026" (when a key was made). */
export function formatDay(iso: string): string {
  const date = parsed(iso);
  return date ? DAY.format(date) : '—';
}

/** A moment: "Mar 4, 3:07 PM" (a key's last use, a delivery); `none` when there was none. */
export function formatMoment(iso: string | null, none = '—'): string {
  const date = iso ? parsed(iso) : null;
  return date ? MOMENT.format(date) : none;
}
