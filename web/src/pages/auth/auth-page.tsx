import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { MailIcon } from '../../components/icons/line-icons';

/** E-mail code sign-in (spec 3 §2). */
export function AuthPage() {
  return (
    <div className="page">
      <PageHeader title="Sign in" />
      <EmptyState icon={<MailIcon />} message="Sign-in with a one-time code sent to your e-mail will appear here." />
    </div>
  );
}
