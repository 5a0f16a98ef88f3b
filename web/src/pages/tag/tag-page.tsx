import { Link, useParams } from 'react-router-dom';
import { HashIcon } from '../../components/icons/line-icons';
import { PlaceholderPage } from '../../components/page/placeholder-page';
import { paths } from '../../config/paths';

/** Creations with one tag, /tag/:tag (spec 3 §2). */
export function TagPage() {
  const { tag = '' } = useParams();
  return (
    <PlaceholderPage title={`#${tag}`} icon={<HashIcon />} message={`Creations tagged #${tag} will appear here.`}>
      <Link to={paths.home.getHref()} className="back-link">
        ← Back to Feed
      </Link>
    </PlaceholderPage>
  );
}
