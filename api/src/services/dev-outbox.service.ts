import type { DevOutboxMessage } from '@app/shared/api/dev-outbox';
import type { RepositoryPorts } from './repository-ports';

/** The development outbox: the mail "sent" to an address, newest first (never mounted in production). */
export class DevOutboxService {
  constructor(private readonly repos: RepositoryPorts<{ mailOutbox: 'listDelivered' }>) {}

  async delivered(email: string): Promise<{ messages: DevOutboxMessage[] }> {
    const messages = await this.repos.mailOutbox.listDelivered(email);
    return {
      messages: messages.map((m) => ({
        to: m.to_address,
        subject: m.subject,
        text: m.text_body ?? '',
        html: m.html_body ?? '',
        sentAt: (m.sent_at ?? m.created_at).toISOString(),
      })),
    };
  }
}
