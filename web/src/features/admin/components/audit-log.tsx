import { formatAgo } from '../admin-rules';
import { useAuditLog } from '../use-admin-data';
import { AdminEmpty, AdminSection, formatDate } from './tone';
import '../../../styles/stack.css';

/** An entry's details as "adjustment 10 · balance 28"; nested values as JSON. */
function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key} ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

/** The last 50 admin actions, newest first. */
export function AuditLog() {
  const { data: entries, isError } = useAuditLog();
  return (
    <AdminSection title="Audit log" note="The last 50 admin actions">
      {!entries ? (
        <AdminEmpty>{isError ? 'The audit log could not be loaded.' : 'Loading…'}</AdminEmpty>
      ) : entries.length === 0 ? (
        <AdminEmpty>No admin actions yet.</AdminEmpty>
      ) : (
        <ol className="admin-audit stack" data-testid="admin-audit">
          {entries.map((entry) => (
            <li key={entry.id} className="admin-audit__entry">
              <span className="admin-audit__action admin-mono">{entry.action}</span>
              <span className="admin-audit__target admin-mono admin-break">{entry.target ?? '—'}</span>
              <span className="admin-audit__details admin-break">{describeDetails(entry.details)}</span>
              <time className="admin-audit__when" dateTime={entry.createdAt} title={formatDate(entry.createdAt)}>
                {formatAgo(entry.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </AdminSection>
  );
}
