import type { MailMessage } from '@app/shared/server/db';
import { describe, expect, it } from 'vitest';
import { DevOutboxService } from './dev-outbox.service';

function aMessage(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    id: 'mail-1',
    to_address: 'ada@example.com',
    subject: 'Your sign-in code',
    text_body: 'Your code is 123456',
    html_body: '<p>Your code is <b>123456</b></p>',
    headers: null,
    status: 'sent',
    transport: 'dev',
    attempts: 1,
    error: null,
    sent_at: new Date('2025-05-01T10:00:05.000Z'),
    created_at: new Date('2025-05-01T10:00:00.000Z'),
    ...overrides,
  };
}

describe('DevOutboxService', () => {
  it('shows the mail delivered to an address in the order given, with its texts and when it was sent', async () => {
    const asked: string[] = [];
    const rows = [aMessage(), aMessage({ id: 'mail-2', subject: 'Welcome', text_body: null, html_body: null, sent_at: null })];
    const service = new DevOutboxService({ mailOutbox: { listDelivered: async (email) => (asked.push(email), rows) } });
    await expect(service.delivered('ada@example.com')).resolves.toEqual({
      messages: [
        { to: 'ada@example.com', subject: 'Your sign-in code', text: 'Your code is 123456', html: '<p>Your code is <b>123456</b></p>', sentAt: '2025-05-01T10:00:05.000Z' },
        // Without a body or a sent time: empty texts, and the time it was queued.
        { to: 'ada@example.com', subject: 'Welcome', text: '', html: '', sentAt: '2025-05-01T10:00:00.000Z' },
      ],
    });
    expect(asked).toEqual(['ada@example.com']);
  });
});
