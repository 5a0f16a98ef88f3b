import { Router } from 'express';
import { emailSchema } from '@app/shared';
import { type Db, MailOutboxRepository } from '@app/shared/server';
import { z } from 'zod';
import { parseInput } from '../http/validation';

/**
 * GET /api/dev/outbox?email=: the mail "sent" to an address by the development outbox,
 * newest first. Mounted only when SMTP_URL is unset and NODE_ENV is not production.
 */
export function devOutboxRoutes(db: Db): Router {
  const router = Router();
  const outbox = new MailOutboxRepository(db);
  router.get('/api/dev/outbox', async (req, res) => {
    const { email } = parseInput(z.object({ email: emailSchema }), req.query);
    const messages = await outbox.listDelivered(email);
    res.json({
      messages: messages.map((m) => ({
        to: m.to_address,
        subject: m.subject,
        text: m.text_body ?? '',
        html: m.html_body ?? '',
        sentAt: (m.sent_at ?? m.created_at).toISOString(),
      })),
    });
  });
  return router;
}
