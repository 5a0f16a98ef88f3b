import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { BookIcon } from '../../components/icons/line-icons';

/** The story archive, /story (spec 3 §2). */
export function StoriesPage() {
  return (
    <div className="page">
      <PageHeader title="Stories" />
      <EmptyState icon={<BookIcon />} message="Published stories will appear here." />
    </div>
  );
}
