import { Link, useParams } from 'react-router-dom';
import { HashIcon } from '../../components/icons/line-icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { paths } from '../../config/paths';

/** Creations with one tag, /tag/:tag (spec 3 §2). */
export function TagPage() {
  const { tag = '' } = useParams();
  return (
    <div className="page">
      <PageHeader title={`#${tag}`}>
        <Link to={paths.home.getHref()} className="back-link">
          ← Back to Feed
        </Link>
      </PageHeader>
      <EmptyState icon={<HashIcon />} message={`Creations tagged #${tag} will appear here.`} />
    </div>
  );
}
