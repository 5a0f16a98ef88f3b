import { ShieldIcon } from '../../../components/icons/line-icons';
import { SecretPrompt } from '../../../components/secret-prompt/secret-prompt';
import { pageTitle } from '../../../config/brand';
import { verifyAdminSecret } from '../admin-api';
import { verifyErrorText } from '../admin-rules';
import { rememberAdminSecret } from '../admin-session';
import '../admin.css';

/** The logged-out state (spec 3 §4): the admin secret, checked by admin-verify, then kept locally. */
export function AdminLogin() {
  return (
    <>
      <title>{pageTitle('Admin')}</title>
      <SecretPrompt
        className="admin-login place-center"
        icon={<ShieldIcon />}
        title="Admin dashboard"
        hint="Enter the admin secret to see the system, users and media."
        fieldId="admin-secret"
        label="Admin secret"
        submitLabel="Log in"
        check={async (secret) => {
          await verifyAdminSecret(secret);
          rememberAdminSecret(secret);
        }}
        errorText={verifyErrorText}
      />
    </>
  );
}
