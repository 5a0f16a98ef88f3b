import { ADMIN_CREDIT_STEP } from '@app/shared';
import type { AdminUserRow } from '@app/shared/api/admin';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { paths } from '../../../config/paths';
import { formatAgo } from '../admin-rules';
import { useAdminUsers } from '../use-admin-data';
import { AdminEmpty, AdminLoading, AdminSearch, AdminTable, formatDate, formatNumber, TonePill } from './tone';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

/** Users: the server's list and search, credits ±10, ban / unban, delete after a confirmation. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);

  const confirmDelete = () => {
    const user = deleting;
    setDeleting(null);
    if (user) void users.remove(user.id);
  };

  return (
    <div className="admin-users stack">
      <AdminSearch id="admin-user-search" label="Search users" placeholder="Search by name, username or email" value={search} onChange={setSearch}>
        {users.status === 'ready' && `${formatNumber(users.total)} ${users.total === 1 ? 'user' : 'users'}`}
        {users.status === 'ready' && users.total > users.users.length && ` · the first ${users.users.length} shown, search to find others`}
        {users.searching && ' · searching…'}
      </AdminSearch>

      {users.status === 'loading' ? (
        <AdminLoading />
      ) : users.status === 'error' ? (
        <AdminEmpty>The users could not be loaded.</AdminEmpty>
      ) : users.users.length === 0 ? (
        <AdminEmpty>{search.trim() ? 'No user matches this search.' : 'No users yet.'}</AdminEmpty>
      ) : (
        <AdminTable
          className="admin-table--users"
          columns={['Name', 'Email', 'Created', 'Last active', { label: 'Credits', numeric: true }, 'Status', { label: 'Actions', numeric: true }]}
        >
          {users.users.map((user) => {
            const busy = users.busy.has(user.id);
            return (
              <tr key={user.id} data-testid="admin-user-row" data-user-id={user.id} aria-busy={busy}>
                <td>
                  <div className="admin-users__who stack">
                    <span data-testid="admin-user-name">{user.name || <span className="admin-faint">No name</span>}</span>
                    {user.username && (
                      <Link to={paths.creator.getHref(user.username)} className="admin-users__username admin-faint admin-break">
                        @{user.username}
                      </Link>
                    )}
                  </div>
                </td>
                <td className="admin-users__email admin-break">{user.email}</td>
                <td>{formatDate(user.createdAt)}</td>
                <td title={user.lastActive ? formatDate(user.lastActive) : undefined}>{user.lastActive ? formatAgo(user.lastActive) : '—'}</td>
                <td className="admin-num" data-testid="admin-user-credits">
                  {formatNumber(user.credits)}
                </td>
                <td>
                  <TonePill tone={user.banned ? 'red' : 'green'}>{user.banned ? 'Banned' : 'Active'}</TonePill>
                </td>
                <td>
                  <div className="admin-row-actions cluster">
                    <button
                      type="button"
                      className="admin-chip"
                      disabled={busy || user.credits <= 0}
                      aria-label={`Remove ${ADMIN_CREDIT_STEP} credits from ${user.email}`}
                      onClick={() => void users.adjust(user.id, -ADMIN_CREDIT_STEP as -10)}
                    >
                      −{ADMIN_CREDIT_STEP}
                    </button>
                    <button
                      type="button"
                      className="admin-chip"
                      disabled={busy}
                      aria-label={`Add ${ADMIN_CREDIT_STEP} credits to ${user.email}`}
                      onClick={() => void users.adjust(user.id, ADMIN_CREDIT_STEP as 10)}
                    >
                      +{ADMIN_CREDIT_STEP}
                    </button>
                    <button type="button" className="admin-chip" disabled={busy} onClick={() => void users.setBanned(user.id, !user.banned)}>
                      {user.banned ? 'Unban' : 'Ban'}
                    </button>
                    <button type="button" className="admin-chip admin-chip--danger" disabled={busy} onClick={() => setDeleting(user)}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}

      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title="Delete this user?"
        message={
          <>
            {deleting?.email} and everything they made will be deleted: their media, files and credits. This cannot be undone.
          </>
        }
        confirmLabel="Delete user"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
