import { Link } from 'react-router-dom';
import { ImageIcon } from '../../../components/icons/line-icons';
import { PanelEmpty } from '../../../components/page/panel-empty';
import { paths } from '../../../config/paths';

/** An empty library, with the way to the composer. */
export function NoMediaYet({ text, className }: { text: string; className?: string }) {
  return (
    <PanelEmpty icon={<ImageIcon />} title="No media yet" text={text} className={className}>
      <Link to={paths.home.getHref()} className="button button--primary button--small">
        Start Creating
      </Link>
    </PanelEmpty>
  );
}

/** Under the grid while the next page loads. */
export function LoadingMore() {
  return (
    <div className="library-more row" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading more…
    </div>
  );
}
