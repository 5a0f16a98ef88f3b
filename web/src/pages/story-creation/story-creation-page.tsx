import { pageTitle } from '../../config/brand';
import { StoryEditor } from '../../features/story-editor';

/** The story authoring tool (spec 3 §2); kept out of search engines. */
export function StoryCreationPage() {
  return (
    <div className="page story-creation-page">
      <title>{pageTitle('Story editor')}</title>
      <meta name="robots" content="noindex" />
      <StoryEditor />
    </div>
  );
}
