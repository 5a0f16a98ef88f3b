import { ShieldIcon } from '../../../components/icons/line-icons';
import { DeveloperCard } from './developer-card';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecret } from './webhook-secret';

/** Webhooks: the secret that signs every delivery, and the recent deliveries. */
export function WebhooksSection() {
  return (
    <DeveloperCard
      icon={<ShieldIcon />}
      title="Webhooks"
      text={
        <>
          A run submitted with <code>webhookUrl</code> has its end POSTed to that address, signed with this secret (Standard Webhooks). A delivery
          that gets no 2xx is tried again for 24 hours.
        </>
      }
    >
      <WebhookSecret />
      <WebhookDeliveries />
    </DeveloperCard>
  );
}
