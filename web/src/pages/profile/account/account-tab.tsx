import { type ReactNode, useId, useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { BellIcon, MailIcon, TrashIcon, UserIcon } from '../../../components/icons/line-icons';
import { HeadingText } from '../../../components/page/heading-text';
import { DigestSwitch } from '../../../features/notifications';
import { ChangeEmailModal } from './change-email-modal';
import { DeleteAccountModal } from './delete-account-modal';
import { ProfileCard } from './profile-card';
import type { ProfileFields } from './use-edit-profile';
import '../../../styles/stack.css';
import '../../../styles/sheen-card.css';

/** The Account tab (spec 2 §2): the public profile (name, username, avatar), the e-mail address with Change, and the Danger Zone. */
export function AccountTab({ email, saved }: { email: string; saved: ProfileFields }) {
  const id = useId();
  const [changing, setChanging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="account stack">
      <AccountCard
        icon={<UserIcon />}
        title="Public Profile"
        text="Your name and photo appear on your public creations, and your username is your page's address."
      >
        <ProfileCard saved={saved} email={email} />
      </AccountCard>

      <AccountCard
        icon={<MailIcon />}
        title="Account Information"
        text="The address you sign in with. Login codes are sent here."
      >
        <div className="field">
          <TextField
            id={`${id}-email`}
            label="Email address"
            type="email"
            value={email}
            placeholder="No email address on file"
            readOnly
            rowClassName="account-card__row"
            action={
              <button type="button" className="button" onClick={() => setChanging(true)}>
                Change
              </button>
            }
          />
        </div>
      </AccountCard>

      <AccountCard icon={<BellIcon />} title="Notifications" text="The bell shows likes, follows and finished runs. You can also have them e-mailed once a day.">
        <DigestSwitch />
      </AccountCard>

      <AccountCard
        icon={<TrashIcon />}
        title="Danger Zone"
        text="Deleting your account removes your media, your profile and your settings for good. This cannot be undone."
        danger
      >
        <div>
          <button type="button" className="button button--ghost-danger" onClick={() => setDeleting(true)}>
            <TrashIcon />
            Delete Account
          </button>
        </div>
      </AccountCard>

      <ChangeEmailModal open={changing} currentEmail={email} onClose={() => setChanging(false)} />
      <DeleteAccountModal open={deleting} email={email} onClose={() => setDeleting(false)} />
    </div>
  );
}

type AccountCardProps = {
  icon: ReactNode;
  title: string;
  text: string;
  danger?: boolean;
  children: ReactNode;
};

/** A card of the tab, labelled by its own title. */
function AccountCard({ icon, title, text, danger = false, children }: AccountCardProps) {
  const titleId = useId();
  return (
    <section className={`account-card stack sheen-card${danger ? ' account-card--danger' : ''}`} aria-labelledby={titleId}>
      <header className="account-card__header">
        <span className="account-card__icon icon-tile" aria-hidden="true">
          {icon}
        </span>
        <HeadingText id={titleId} title={title} text={text} titleClassName="account-card__title" textClassName="account-card__text" />
      </header>
      {children}
    </section>
  );
}
