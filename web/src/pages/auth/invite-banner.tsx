import { INVITED_BONUS_CREDITS } from '@app/shared';
import { GiftIcon } from '../../components/icons/line-icons';
import { emailName } from '../../lib/email';
import '../../styles/icon-tile.css';

/** Shown when the link carries `?referrer=<email>` (spec 3 §2). */
export function InviteBanner({ referrerEmail }: { referrerEmail: string }) {
  return (
    <div className="invite-banner" role="note">
      <span className="invite-banner__icon icon-tile" aria-hidden="true">
        <GiftIcon />
      </span>
      <p>
        You're invited by <strong>{emailName(referrerEmail)}</strong>! Get {INVITED_BONUS_CREDITS} bonus credits when you sign
        up
      </p>
    </div>
  );
}
