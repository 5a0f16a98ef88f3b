import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { AdminLogin } from '../../features/admin/components/admin-login';
import { useAdminSecret } from '../../features/admin/admin-session';

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
