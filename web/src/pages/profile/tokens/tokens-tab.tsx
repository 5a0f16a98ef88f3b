import { COST_IMAGE, COST_VIDEO, DAILY_TOPUP_FLOOR, INVITED_BONUS_CREDITS, REFERRAL_REWARD_CREDITS, SIGNUP_CREDITS } from '@app/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ClockIcon, GiftIcon, ImageIcon, SparkleIcon } from '../../../components/icons/line-icons';
import { Panel } from '../../../components/page/panel';
import { paths } from '../../../config/paths';
import { FilmIcon } from '../../../components/icons/creation-icons';
import { CoinsIcon, RefreshIcon } from '../../../components/icons/line-icons';
import { countText } from '../../../lib/count-text';
import { CreditLedger } from './credit-ledger';
import { useDailyTopUp } from './use-daily-top-up';
import '../../../styles/stack.css';
import '../../../styles/sheen-card.css';
import { LegalLink } from '../../../features/legal';

function Row({ icon, title, text, value }: { icon: ReactNode; title: string; text: ReactNode; value: ReactNode }) {
  return (
    <li className="credit-row row">
      <span className="credit-row__icon icon-tile" aria-hidden="true">
        {icon}
      </span>
      <span className="credit-row__text stack">
        <span className="credit-row__title">{title}</span>
        <span className="credit-row__note">{text}</span>
      </span>
      <span className="credit-row__value">{value}</span>
    </li>
  );
}

/**
 * The balance against the daily top-up, as the server tells it: under its level, how far and
 * when it comes back; at or above it, that nothing is added (no full bar for 50 of 20).
 */
function TopUpMeter({ balance }: { balance: number | null }) {
  const topUp = useDailyTopUp();
  if (!topUp || balance === null) return null;
  const { level } = topUp;
  const below = balance < level;
  const at = new Date(topUp.nextAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <div className="balance-meter stack">
      <div className="balance-meter__labels">
        <span>Daily top-up</span>
        <span>{below ? `${balance} / ${level}` : `${balance} ≥ ${level}`}</span>
      </div>
      {below && (
        <div className="balance-meter__track progress-track" role="meter" aria-label="Balance against the daily top-up" aria-valuemin={0} aria-valuemax={level} aria-valuenow={balance}>
          <span style={{ width: `${(balance / level) * 100}%` }} />
        </div>
      )}
      <p className="balance-meter__note">
        {below ? `Back up to ${level} at ${at} (midnight UTC).` : `Nothing to top up: each day a balance under ${level} is raised back to ${level}.`}
      </p>
    </div>
  );
}

/** The Credits tab (the spec's Tokens, ?tab=tokens): the balance and how credits are spent and earned (DESIGN.md credits). */
export function TokensTab({ balance, creations }: { balance: number | null; creations: number | null }) {
  return (
    <Panel className="tokens" title="Credits" subtitle="Credits pay for generations. Here is where they come from and where they go.">

      <div className="balance-card stack">
        <div className="balance-card__glow" aria-hidden="true" />
        <span className="balance-card__icon place-center" aria-hidden="true">
          <CoinsIcon />
        </span>
        <p className="balance-card__label caps-label">Your balance</p>
        <p className="balance-card__value">
          <span className="gradient-text">{balance ?? '–'}</span>
          <span className="balance-card__unit">{balance === 1 ? 'credit' : 'credits'}</span>
        </p>
        <p className="balance-card__note">
          {balance !== null ? `Enough for ${countText(Math.floor(balance / COST_IMAGE), 'image')}` : 'Enough for – images'}
          {creations !== null && creations > 0 ? ` · ${countText(creations, 'creation')} so far` : ''}
        </p>
        <TopUpMeter balance={balance} />
      </div>

      <div className="credit-columns">
        <div className="credit-card stack sheen-card">
          <h3 className="credit-card__title">What a generation costs</h3>
          <ul className="credit-list stack">
            <Row icon={<ImageIcon />} title="Image" text="Any look, or your own prompt" value={`${COST_IMAGE} credits`} />
            <Row icon={<FilmIcon />} title="Video" text="An animated result" value={`${COST_VIDEO} credits`} />
            <Row icon={<SparkleIcon />} title="Story Time" text="One short video per photo" value={`${COST_VIDEO} per clip`} />
          </ul>
          <p className="credit-card__note">Credits are reserved when a generation starts and returned if it fails.</p>
        </div>

        <div className="credit-card stack sheen-card">
          <h3 className="credit-card__title">How you get credits</h3>
          <ul className="credit-list stack">
            <Row icon={<SparkleIcon />} title="Welcome credits" text="Every new account" value={`+${SIGNUP_CREDITS}`} />
            <Row
              icon={<RefreshIcon />}
              title="Daily top-up"
              text={`Below ${DAILY_TOPUP_FLOOR}? Each day your balance is topped back up to ${DAILY_TOPUP_FLOOR}`}
              value={`up to ${DAILY_TOPUP_FLOOR}`}
            />
            <Row
              icon={<GiftIcon />}
              title="Invite a friend"
              text={`+${REFERRAL_REWARD_CREDITS} for you after their first media, +${INVITED_BONUS_CREDITS} for them on signup`}
              value={`+${REFERRAL_REWARD_CREDITS}`}
            />
          </ul>
          <Link to={paths.profile.getHref('invite-friends')} className="button button--small button--primary credit-card__cta">
            <GiftIcon />
            Invite Friends
          </Link>
        </div>
      </div>

      <CreditLedger />

      <p className="tokens__footnote row">
        <ClockIcon />
        <span>
          Credits have no cash value and can't be transferred. See the <LegalLink kind="terms">Terms</LegalLink> for details.
        </span>
      </p>
    </Panel>
  );
}
