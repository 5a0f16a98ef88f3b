import { useId, useState } from 'react';
import { MailIcon, TrashIcon } from '../../../components/icons/line-icons';
import { ChangeEmailModal } from './change-email-modal';
import { DeleteAccountModal } from './delete-account-modal';

/** The Account tab (spec 2 §2): the e-mail address with Change, and the Danger Zone. */
export function AccountTab({ email }: { email: string }) {
  const id = useId();
  const [changing, setChanging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="account">
      <section className="account-card" aria-labelledby={`${id}-info`}>
        <header className="account-card__header">
          <span className="account-card__icon" aria-hidden="true">
            <MailIcon />
          </span>
          <div>
            <h2 id={`${id}-info`} className="account-card__title">
              Account Information
            </h2>
            <p className="account-card__text">The address you sign in with. Login codes are sent here.</p>
          </div>
        </header>
        <div className="field">
          <label htmlFor={`${id}-email`} className="field__label">
            Email address
          </label>
          <div className="account-card__row">
            <input
              id={`${id}-email`}
              className="field__input"
              type="email"
              value={email}
              placeholder="No email address on file"
              readOnly
            />
            <button type="button" className="button" onClick={() => setChanging(true)}>
              Change
            </button>
          </div>
        </div>
      </section>

      <section className="account-card account-card--danger" aria-labelledby={`${id}-danger`}>
        <header className="account-card__header">
          <span className="account-card__icon" aria-hidden="true">
            <TrashIcon />
          </span>
          <div>
            <h2 id={`${id}-danger`} className="account-card__title">
              Danger Zone
            </h2>
            <p className="account-card__text">
              Deleting your account removes your media, your profile and your settings for good. This cannot be undone.
            </p>
          </div>
        </header>
        <div>
          <button type="button" className="button button--ghost-danger" onClick={() => setDeleting(true)}>
            <TrashIcon />
            Delete Account
          </button>
        </div>
      </section>

      <ChangeEmailModal open={changing} currentEmail={email} onClose={() => setChanging(false)} />
      <DeleteAccountModal open={deleting} email={email} onClose={() => setDeleting(false)} />
    </div>
  );
}
