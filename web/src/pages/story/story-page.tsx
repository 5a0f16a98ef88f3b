import { Link, useParams } from 'react-router-dom';
import { BookIcon } from '../../components/icons/line-icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { paths } from '../../config/paths';

/** A single story, /story/:slug (spec 3 §2). */
export function StoryPage() {
  const { slug = '' } = useParams();
  return (
    <div className="page">
      <PageHeader title="Story">
        <Link to={paths.stories.getHref()} className="back-link">
          ← Back to Stories
        </Link>
      </PageHeader>
      <EmptyState icon={<BookIcon />} message={`The story “${slug}” will appear here.`} />
    </div>
  );
}
