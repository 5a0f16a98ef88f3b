import { creationTitleOf } from '@app/shared';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ImageIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { isMissing, useMediaItem } from '../../entities/media/use-media-item';
import { MediaViewer } from '../../features/viewer';
import { useFirstScreenTakenOver } from '../../lib/first-screen';
import '../../components/page/page.css';
import './media-page.css';

const noStep = () => {};

/**
 * A creation's page, /m/:id, visited directly (a shared link, a new tab): the creation in the
 * viewer over a plain backdrop, drawn on the server for a visitor (issue 47). The home is not
 * mounted under it: its feed and composer would cost a phone seconds for a screen hidden behind
 * the viewer; closing the viewer goes to the home, which mounts it then. A private, deleted or
 * expired creation (the server answered this address with a 404) shows the not-found screen.
 * (The viewer opened from a screen of the app keeps that screen under it: see router.tsx.)
 */
export function MediaPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const media = useMediaItem(id);
  const close = useCallback(() => void navigate(paths.home.getHref(), { replace: true }), [navigate]);
  useFirstScreenTakenOver();

  if (media.isError || (media.isSuccess && !media.data)) return <MediaMissing notFound={media.isSuccess || isMissing(media.error)} />;
  return (
    <div className="media-page" data-testid="media-page">
      {media.data && (
        <>
          <title>{creationTitleOf(media.data, media.data.creator?.name ?? null)}</title>
          {/* In place, not in a portal: the server draws it, and nothing is under it. */}
          <MediaViewer items={[media.data]} index={0} onClose={close} onStep={noStep} inline />
        </>
      )}
    </div>
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
