import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { DocumentIcon } from '../../components/icons/line-icons';

/** Legal page (spec 2 §2). */
export function PrivacyPage() {
  return (
    <div className="page">
      <PageHeader title="Privacy Policy" />
      <EmptyState icon={<DocumentIcon />} message="The privacy policy will appear here." />
    </div>
  );
}
