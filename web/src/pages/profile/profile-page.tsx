import { useSearchParams } from 'react-router-dom';
import { UserIcon } from '../../components/icons/line-icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { parseProfileTab } from '../../config/paths';

/** Profile (spec 2 §2); the active tab lives in the `tab` query parameter. */
export function ProfilePage() {
  const [searchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get('tab'));
  return (
    <div className="page" data-tab={tab}>
      <PageHeader title="Profile" />
      <EmptyState
        icon={<UserIcon />}
        message="Your media, drafts, credits, friend invites and account settings will appear here."
      />
    </div>
  );
}
