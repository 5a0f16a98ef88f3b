import { type FormEvent, useId, useState } from 'react';
import { FormMessage } from '../../../components/form/form-message';
import { TextField } from '../../../components/form/text-field';
import { ShieldIcon } from '../../../components/icons/line-icons';
import { pageTitle } from '../../../config/brand';
import { verifyAdminSecret } from '../admin-api';
import { verifyErrorText } from '../admin-rules';
import { rememberAdminSecret } from '../admin-session';
import '../../../components/form/forms.css';
import '../../../styles/icon-tile.css';
import '../admin.css';

/** The logged-out state (spec 3 §4): the admin secret, checked by admin-verify, then kept locally. */
export function AdminLogin() {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!secret || checking) return;
    setChecking(true);
    setError(null);
    try {
      await verifyAdminSecret(secret);
      rememberAdminSecret(secret);
    } catch (failure) {
      setError(verifyErrorText(failure));
      setChecking(false);
    }
  };

  return (
    <div className="admin-login">
      <title>{pageTitle('Admin')}</title>
      <form className="admin-login__card" onSubmit={submit} noValidate>
        <span className="admin-login__icon icon-tile" aria-hidden="true">
          <ShieldIcon />
        </span>
        <h1 className="admin-login__title">Admin dashboard</h1>
        <p className="admin-login__hint">Enter the admin secret to see the system, users and media.</p>
        <div className="field">
          <TextField
            id="admin-secret"
            label="Admin secret"
            type="password"
            autoComplete="current-password"
            value={secret}
            onValueChange={setSecret}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
            autoFocus
          />
        </div>
        {error && (
          <FormMessage id={errorId} tone="error">
            {error}
          </FormMessage>
        )}
        <button type="submit" className="button button--primary button--block" disabled={!secret || checking}>
          {checking && <span className="button__spinner" aria-hidden="true" />}
          Log in
        </button>
      </form>
    </div>
  );
}
