import { ShieldIcon } from '../../components/icons/line-icons';
import { PlaceholderPage } from '../../components/page/placeholder-page';

/** The admin dashboard (spec 3 §2). */
export function AdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Admin dashboard"
      icon={<ShieldIcon />}
      message="System diagnosis, users and media will appear here for operators."
    />
  );
}
