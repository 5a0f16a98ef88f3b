import { Link, useParams } from 'react-router-dom';
import { BookIcon } from '../../components/icons/line-icons';
import { PlaceholderPage } from '../../components/page/placeholder-page';
import { paths } from '../../config/paths';

/** A single story, /story/:slug (spec 3 §2). */
export function StoryPage() {
  const { slug = '' } = useParams();
  return (
    <PlaceholderPage title="Story" icon={<BookIcon />} message={`The story “${slug}” will appear here.`}>
      <Link to={paths.stories.getHref()} className="back-link">
        ← Back to Stories
      </Link>
    </PlaceholderPage>
  );
}
