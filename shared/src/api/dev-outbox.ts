/** GET /api/dev/outbox?email= (development only): the mail "sent" to an address, newest first. */
import { z } from 'zod/mini';
import { emailSchema } from '../schemas/auth';

export const devOutboxQuery = z.object({ email: emailSchema });
export const devOutboxMessageSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), sentAt: z.string() });
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
export const devOutboxResponse = z.object({ messages: z.array(devOutboxMessageSchema) });
