import { creationTitleOf } from '@app/shared';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ImageIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { isMissing, useMediaItem } from '../../entities/media/use-media-item';
import { MediaViewer } from '../../features/viewer';
import { HomePage } from './home-page';
import '../../components/page/page.css';
import './media-page.css';

const noStep = () => {};

/**
 * A creation's page, /m/:id, visited directly (a shared link, a new tab): the creation in the
 * viewer over the feed; closing it leaves the feed. A private, deleted or expired creation
 * (the server answered this address with a 404) shows the not-found screen.
 */
export function MediaPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const media = useMediaItem(id);
  const close = useCallback(() => void navigate(paths.home.getHref(), { replace: true }), [navigate]);

  if (media.isError || (media.isSuccess && !media.data)) return <MediaMissing notFound={media.isSuccess || isMissing(media.error)} />;
  return (
    <>
      {/* The creation's title, as the server wrote it into the page: not the home's under it. */}
      {media.data && <title>{creationTitleOf(media.data, media.data.creator?.name ?? null)}</title>}
      <HomePage titled={false} />
      {media.data && <MediaViewer items={[media.data]} index={0} onClose={close} onStep={noStep} />}
    </>
  );
}

function MediaMissing({ notFound }: { notFound: boolean }) {
  return (
    <div className="page media-missing place-center">
      <title>{pageTitle(notFound ? 'Creation not found' : 'Could not load this creation')}</title>
      <PanelEmpty
        className="media-missing__panel"
        icon={<ImageIcon />}
        title={notFound ? 'Creation not found' : 'Could not load this creation'}
        text={notFound ? 'It may be private or deleted, or the link may be incomplete.' : 'Please check your connection and try again.'}
      >
        <Link to={paths.home.getHref()} className="button button--primary">
          Explore the feed
        </Link>
      </PanelEmpty>
    </div>
  );
}
