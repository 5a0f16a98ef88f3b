import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { DocumentIcon } from '../../components/icons/line-icons';

/** Legal page (spec 2 §2). */
export function CookiesPage() {
  return (
    <div className="page">
      <PageHeader title="Cookies Policy" />
      <EmptyState icon={<DocumentIcon />} message="The cookies policy will appear here." />
    </div>
  );
}
