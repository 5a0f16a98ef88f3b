/** The admin dashboard (spec 3 §2): the sign-in with the admin secret and the dashboard's tabs. */
export { AdminDashboard } from './components/admin-dashboard';
export { AdminLogin } from './components/admin-login';
export { useAdminSecret } from './admin-session';
