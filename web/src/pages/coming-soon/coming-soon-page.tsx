import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { ClockIcon } from '../../components/icons/line-icons';

/** The pre-launch waitlist page (spec 3 §2). */
export function ComingSoonPage() {
  return (
    <div className="page">
      <PageHeader title="Coming soon" />
      <EmptyState icon={<ClockIcon />} message="The waitlist sign-up will appear here." />
    </div>
  );
}
