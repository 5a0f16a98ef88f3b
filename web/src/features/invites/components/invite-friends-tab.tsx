import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormMessage, ProblemMessage, problemProps } from '../../../components/form/form-message';
import { EmailField } from '../../../components/form/text-field';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { Panel } from '../../../components/page/panel';
import { GiftIcon, MailIcon, UserIcon } from '../../../components/icons/line-icons';
import { toast } from '../../../components/toast/toast-store';
import { paths } from '../../../config/paths';
import { emailName } from '../../../lib/email';
import { sendReferralInvite } from '../api/referrals-api';
import { INVITE_TEXT, inviteEmailProblem, inviteErrorText, inviteLink, isGuestUser } from '../invite-rules';
import { copyInviteLink } from '../share-invite';
import { useReferralStats } from '../use-referral-stats';
import '../../../styles/icon-tile.css';
import '../../../styles/panels.css';
import '../invites.css';
import '../../../styles/stack.css';
import '../../../styles/sheen-card.css';

function LinkIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}

type InviteFriendsTabProps = {
  user: { id: string; email: string } | null;
  name: string | null;
};

/**
 * The Invite Friends tab (spec 2 §2): the two rewards, an e-mail form, the link to share and
 * the counters. Guests are asked to sign up first.
 */
export function InviteFriendsTab({ user, name }: InviteFriendsTabProps) {
  const guest = isGuestUser(user);
  if (guest || !user) return <GuestInvite />;
  return <InviteForm email={user.email} name={name} />;
}

function GuestInvite() {
  return (
    <section className="invite" aria-labelledby="invite-title">
      <div className="invite-hero stack invite-hero--guest">
        <span className="invite-hero__icon icon-tile" aria-hidden="true">
          <GiftIcon />
        </span>
        <h2 id="invite-title" className="invite-hero__title">
          {INVITE_TEXT.guest}
        </h2>
        <p className="invite-hero__text">Create a free account to invite friends and earn credits together.</p>
        <Link to={paths.auth.getHref()} className="button button--primary">
          Sign Up Now
        </Link>
      </div>
    </section>
  );
}

function InviteForm({ email, name }: { email: string; name: string | null }) {
  const id = useId();
  const { stats, reload } = useReferralStats(true);
  const [friend, setFriend] = useState('');
  const { busy, problem, setProblem, submit: submitForm } = useFormSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) =>
    submitForm(event, inviteEmailProblem(friend), async () => {
      const friendEmail = friend.trim().toLowerCase();
      try {
        await sendReferralInvite({
          referrerEmail: email,
          referrerName: name || emailName(email),
          friendEmail,
          referralCode: stats?.referralCode ?? '',
        });
        toast.success(INVITE_TEXT.sent);
        setSentTo(friendEmail);
        setFriend('');
        reload();
      } catch (error) {
        toast.error('Error', inviteErrorText(error));
      }
    });

  const problemId = `${id}-problem`;
  return (
    <Panel className="invite" title="Invite Friends" subtitle="Bring friends to Mirrorverse and you both get credits.">

      <div className="invite-rewards">
        <div className="invite-reward row">
          <span className="invite-reward__icon icon-tile" aria-hidden="true">
            <GiftIcon />
          </span>
          <p className="invite-reward__text">
            <strong>You Get</strong> +10 credits after friend's first media
          </p>
        </div>
        <div className="invite-reward row">
          <span className="invite-reward__icon icon-tile" aria-hidden="true">
            <UserIcon />
          </span>
          <p className="invite-reward__text">
            <strong>Friend Gets</strong> +10 credits on signup
          </p>
        </div>
      </div>

      <div className="invite-layout">
        <form className="invite-card stack sheen-card" onSubmit={(event) => void submit(event)} noValidate>
          <h3 className="invite-card__title">Send an invitation</h3>
          <p className="invite-card__text">We'll e-mail your friend a sign-up link from you.</p>
          <div className="field">
            <EmailField
              id={`${id}-email`}
              label="Friend's email address"
              type="text"
              name="friendEmail"
              autoComplete="off"
              placeholder="friend@example.com"
              value={friend}
              onValueChange={(value) => {
                setFriend(value);
                setProblem(null);
                setSentTo(null);
              }}
              {...problemProps(problemId, problem)}
              rowClassName="invite-card__row"
              action={
                <button type="submit" className="button button--primary" disabled={busy || friend.length === 0}>
                  {busy ? <span className="button__spinner" aria-hidden="true" /> : <MailIcon />}
                  Send Invite
                </button>
              }
            />
          </div>
          <ProblemMessage id={problemId} problem={problem} />
          {sentTo && !problem && (
            <FormMessage tone="success">
              Invitation sent to <strong>{sentTo}</strong>.
            </FormMessage>
          )}

          <div className="invite-link stack">
            <span className="field__label">Or share your link</span>
            <div className="invite-link__row">
              <code className="invite-link__url truncate">{inviteLink(email)}</code>
              <button type="button" className="button button--small" onClick={() => void copyInviteLink(email)}>
                <LinkIcon />
                Copy Link
              </button>
            </div>
          </div>
        </form>

        <div className="invite-stats">
          <div className="stat-card stack sheen-card">
            <span className="stat-card__value">{stats ? stats.totalReferrals : '—'}</span>
            <span className="stat-card__label">Friends Invited</span>
          </div>
          <div className="stat-card stack sheen-card">
            <span className="stat-card__value gradient-text">{stats ? stats.totalCreditsEarned : '—'}</span>
            <span className="stat-card__label">Credits Earned</span>
          </div>
        </div>
      </div>
    </Panel>
  );
}
