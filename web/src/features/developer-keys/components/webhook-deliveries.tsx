import type { WebhookDeliveryView } from '@app/shared/api/run-webhooks';
import { Link } from 'react-router-dom';
import { RefreshIcon } from '../../../components/icons/line-icons';
import { paths } from '../../../config/paths';
import { useWebhookDeliveries } from '../api/webhook-queries';
import { deliveryStatus } from '../delivery-status';
import { formatMoment } from '../format-when';
import { countText } from '../../../lib/count-text';
import '../../../styles/cluster.css';

/** One delivery: its run and state pill, then the event, the tries and when, then what the last try got. */
function DeliveryItem({ delivery }: { delivery: WebhookDeliveryView }) {
  const status = deliveryStatus(delivery);
  const nextTry = delivery.state === 'pending' && delivery.nextAttemptAt ? `next try ${formatMoment(delivery.nextAttemptAt)}` : null;
  const detail = [status.detail, nextTry].filter(Boolean).join(' · ');
  return (
    <li className="delivery" data-delivery-id={delivery.id}>
      <div className="delivery__head">
        <code className="delivery__run truncate" title={delivery.url}>
          {delivery.runId}
        </code>
        <span className={`tone-pill count-pill inline-row tone-pill--${status.tone}`}>
          <span className="tone-pill__dot" aria-hidden="true" />
          {status.label}
        </span>
      </div>
      <p className="delivery__meta">
        <span className="delivery__event">{delivery.event}</span> · {countText(delivery.attempts, 'attempt')} ·{' '}
        <time dateTime={delivery.deliveredAt ?? delivery.createdAt}>{formatMoment(delivery.deliveredAt ?? delivery.createdAt)}</time>
      </p>
      {detail && <p className="delivery__detail">{detail}</p>}
    </li>
  );
}

/** The recent deliveries, newest first: run, state, event, tries and when; older pages on demand. */
export function WebhookDeliveries() {
  const deliveries = useWebhookDeliveries();
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="developer-card__part stack">
      <div className="developer-card__part-header cluster">
        <h3 className="developer-card__subtitle">Recent deliveries</h3>
        <button
          type="button"
          className="button button--small"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          <RefreshIcon />
          Refresh
        </button>
      </div>
      {deliveries.isPending && <div className="skeleton-card developer-skeleton" aria-hidden="true" />}
      {deliveries.isError && !deliveries.data && <p className="developer-empty">The deliveries could not be loaded.</p>}
      {deliveries.isSuccess && items.length === 0 && (
        <div className="developer-empty stack">
          <p className="developer-empty__title">No deliveries yet</p>
          <p>
            Add <code>"webhookUrl": "https://…"</code> to a <code>unified-generate</code> request: when the run ends, its result is POSTed there,
            signed with the secret above, and the delivery shows here.{' '}
            <Link className="inline-link" to={`${paths.developers.getHref()}#webhooks`}>
              How to verify a delivery
            </Link>
          </p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="delivery-list" aria-label="Recent deliveries">
          {items.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
      {deliveries.hasNextPage && (
        <button
          type="button"
          className="button button--small developer-card__more"
          onClick={() => void deliveries.fetchNextPage()}
          disabled={deliveries.isFetchingNextPage}
        >
          Show older deliveries
        </button>
      )}
    </div>
  );
}
