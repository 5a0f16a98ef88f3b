import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { ShieldIcon } from '../../components/icons/line-icons';

/** The admin dashboard (spec 3 §2). */
export function AdminDashboardPage() {
  return (
    <div className="page">
      <PageHeader title="Admin dashboard" />
      <EmptyState icon={<ShieldIcon />} message="System diagnosis, users and media will appear here for operators." />
    </div>
  );
}
