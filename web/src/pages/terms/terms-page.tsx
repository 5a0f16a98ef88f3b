import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { DocumentIcon } from '../../components/icons/line-icons';

/** Legal page (spec 2 §2). */
export function TermsPage() {
  return (
    <div className="page">
      <PageHeader title="Terms of Service" />
      <EmptyState icon={<DocumentIcon />} message="The terms of service will appear here." />
    </div>
  );
}
