import type { WebhookDeliveryView } from '@app/shared/api/run-webhooks';

export type DeliveryTone = 'success' | 'warning' | 'danger' | 'neutral';

/** A delivery's state in the words and colour of its pill. */
export interface DeliveryStatus {
  label: string;
  tone: DeliveryTone;
  /** What the line under the pill adds: the last answer, the error, the next try. */
  detail: string | null;
}

/** The last try's answer: "HTTP 500", or the error when nothing came back. */
function lastAnswer(delivery: Pick<WebhookDeliveryView, 'lastStatus' | 'lastError'>): string | null {
  if (delivery.lastError) return delivery.lastStatus === null ? delivery.lastError : `HTTP ${delivery.lastStatus}: ${delivery.lastError}`;
  return delivery.lastStatus === null ? null : `HTTP ${delivery.lastStatus}`;
}

/**
 * delivered (a 2xx came back), retrying (a try failed, another is planned), sending (not tried
 * yet), gave up (no try left, or never sent: the error says why).
 */
export function deliveryStatus(delivery: Pick<WebhookDeliveryView, 'state' | 'attempts' | 'lastStatus' | 'lastError'>): DeliveryStatus {
  switch (delivery.state) {
    case 'delivered':
      return { label: 'delivered', tone: 'success', detail: delivery.lastStatus === null ? null : `HTTP ${delivery.lastStatus}` };
    case 'pending':
      return delivery.attempts === 0
        ? { label: 'sending', tone: 'neutral', detail: null }
        : { label: 'retrying', tone: 'warning', detail: lastAnswer(delivery) };
    case 'failed':
      return { label: 'gave up', tone: 'danger', detail: lastAnswer(delivery) };
  }
}
