import type { Notification } from '@app/shared/api/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BellIcon, CloseIcon, GiftIcon, ShieldIcon, SparkleIcon, WarningIcon } from '../../components/icons/line-icons';
import { timeAgo } from './time-ago';
import { useNotifications } from './use-notifications';
import './notifications.css';

/** The bell once signed in: the server's unread count, and the list it opens (loaded with it). */
export function SignedInBell({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { unreadCount, markAllRead } = notifications;

  // Opening the list is reading it: everything up to the newest shown is marked read.
  useEffect(() => {
    if (open) markAllRead();
  }, [open, markAllRead]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
  return (
    <div className="notification-bell" ref={root}>
      <button
        type="button"
        className="notification-bell__button place-center"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        data-testid="notification-bell"
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unreadCount > 0 && (
          <span className="notification-bell__count" data-testid="notification-count" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </button>
      {open && (
        <section id={listId} className="notification-panel" aria-label="Your notifications" data-testid="notification-panel">
          <header className="notification-panel__head row">
            <h2 className="notification-panel__title">Notifications</h2>
            <button type="button" className="notification-panel__close place-center" aria-label="Close notifications" onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </header>
          <NotificationList {...notifications} onPick={() => setOpen(false)} />
        </section>
      )}
    </div>
  );
}

function NotificationList({ items, status, hasMore, loadMore, onPick }: ReturnType<typeof useNotifications> & { onPick(): void }) {
  const now = Date.now();
  if (status === 'loading') return <p className="notification-panel__empty">Loading…</p>;
  if (status === 'error') return <p className="notification-panel__empty">Notifications could not be loaded.</p>;
  if (items.length === 0) return <p className="notification-panel__empty">Nothing new yet. Likes, follows and finished runs show up here.</p>;
  return (
    <>
      <ul className="notification-panel__list">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationRow item={item} now={now} onPick={onPick} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="notification-panel__more" onClick={loadMore}>
          Show older
        </button>
      )}
    </>
  );
}

/** What stands in for a person where nobody did it (a run, a moderator) or a reward. */
function KindIcon({ kind }: { kind: Notification['kind'] }) {
  if (kind === 'run_failed') return <WarningIcon />;
  if (kind === 'media_hidden') return <ShieldIcon />;
  if (kind === 'referral') return <GiftIcon />;
  return <SparkleIcon />;
}

function NotificationRow({ item, now, onPick }: { item: Notification; now: number; onPick(): void }) {
  const actor = item.actors[0];
  const body = (
    <>
      <span className="notification__avatar place-center" aria-hidden="true">
        {actor?.avatar ? <img className="cover" src={actor.avatar} width={32} height={32} alt="" /> : actor && item.kind !== 'referral' ? actor.name.charAt(0).toUpperCase() : <KindIcon kind={item.kind} />}
      </span>
      <span className="notification__text">
        {item.text.actor && <strong>{item.text.actor}</strong>}
        {item.text.others > 0 && ` and ${item.text.others} other${item.text.others === 1 ? '' : 's'}`}
        {item.text.actor ? ` ${item.text.action}` : item.text.action}
        <time className="notification__time" dateTime={item.createdAt}>
          {timeAgo(item.createdAt, now)}
        </time>
      </span>
      {item.media?.thumbnailUrl && (
        <span className="notification__thumb" aria-hidden="true">
          <img className="cover" src={item.media.thumbnailUrl} alt="" loading="lazy" />
        </span>
      )}
    </>
  );
  const className = item.read ? 'notification row' : 'notification notification--unread row';
  return item.href ? (
    <Link to={item.href} className={className} onClick={onPick} data-testid="notification-item">
      {body}
    </Link>
  ) : (
    <div className={className} data-testid="notification-item">
      {body}
    </div>
  );
}
