import { PenIcon } from '../../components/icons/line-icons';
import { PlaceholderPage } from '../../components/page/placeholder-page';

/** The story authoring tool (spec 3 §2); kept out of search engines. */
export function StoryCreationPage() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <PlaceholderPage title="Story creation" icon={<PenIcon />} message="The story authoring tool will appear here." />
    </>
  );
}
