import { tagSchema } from '@app/shared/api/stories';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import '../../styles/cluster.css';
import './viewer-tags.css';

const MAX_TAGS = 6;

/** The tags worth a page: well-formed ones, without repeats, at most six. */
export function linkableTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const parsed = tagSchema.safeParse(raw);
    if (parsed.success) seen.add(parsed.data);
    if (seen.size === MAX_TAGS) break;
  }
  return [...seen];
}

/** A media item's tags, each a link to its tag page (issue 12); following one closes the viewer. */
export function ViewerTags({ tags, onFollow }: { tags: readonly string[]; onFollow: () => void }) {
  const shown = linkableTags(tags);
  if (shown.length === 0) return null;
  return (
    <ul className="viewer-tags cluster" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <Link to={paths.tag.getHref(tag)} className="viewer-tags__link chip inline-row" onClick={onFollow}>
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
