import { PenIcon } from '../../components/icons/line-icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';

/** The story authoring tool (spec 3 §2); kept out of search engines. */
export function StoryCreationPage() {
  return (
    <div className="page">
      <meta name="robots" content="noindex" />
      <PageHeader title="Story creation" />
      <EmptyState icon={<PenIcon />} message="The story authoring tool will appear here." />
    </div>
  );
}
