import { Link } from 'react-router-dom';
import { BookIcon } from '../../../components/icons/line-icons';
import { PanelHeader } from '../../../components/page/panel-header';
import { paths } from '../../../config/paths';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';
import '../../../components/form/forms.css';
import '../../../styles/panels.css';
import '../../../styles/stack.css';
import '../developer-keys.css';

/** The profile's Developers tab (issue 45): API keys, the webhook signing secret and the deliveries, and the way to the guide. */
export function DevelopersTab() {
  return (
    <div className="developers stack">
      <PanelHeader title="Developers" subtitle="Keys for your own programs, and the webhooks that tell them when a run ends.">
        <Link to={paths.developers.getHref()} className="button button--small">
          <BookIcon />
          API guide
        </Link>
      </PanelHeader>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
