import { z } from 'zod';
import { runAttemptEventSchema, runStartedEventSchema, runVideoEventSchema } from '../../api/runs';

/**
 * What a worker writes into a generation job's progress (BullMQ puts it on the queue's event
 * stream): an event of the run as it works, and whose run it is, so the api fans it out by person
 * without a database read. run.done/failed/canceled come from the job's own completion events.
 */
export const runProgressSchema = z.object({
  event: z.discriminatedUnion('type', [runStartedEventSchema, runAttemptEventSchema, runVideoEventSchema]),
  userId: z.string(),
});
export type RunProgress = z.output<typeof runProgressSchema>;
export type RunProgressEvent = RunProgress['event'];
