import { BookIcon } from '../../components/icons/line-icons';
import { PlaceholderPage } from '../../components/page/placeholder-page';

/** The story archive, /story (spec 3 §2). */
export function StoriesPage() {
  return <PlaceholderPage title="Stories" icon={<BookIcon />} message="Published stories will appear here." />;
}
