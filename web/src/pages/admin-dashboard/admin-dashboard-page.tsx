import { AdminDashboard, AdminLogin, useAdminSecret } from '../../features/admin';

/** The admin dashboard (spec 3 §2): the secret prompt until it is verified, then the dashboard. */
export function AdminDashboardPage() {
  const secret = useAdminSecret();
  return (
    <div className="page admin-page">
      <meta name="robots" content="noindex" />
      {secret ? <AdminDashboard key={secret} /> : <AdminLogin />}
    </div>
  );
}
