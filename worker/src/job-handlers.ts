import type { Job } from 'bullmq';
import type { JobData, JobName, QueueName } from '@app/shared/server/queue';

/** A handler receives the typed payload of its job; throwing means "retry later". */
export type JobHandler<Q extends QueueName, N extends JobName<Q>> = (data: JobData<Q, N>, job: Job) => Promise<unknown>;

export type QueueHandlers<Q extends QueueName> = { [N in JobName<Q>]?: JobHandler<Q, N> };

export type JobHandlers = { [Q in QueueName]?: QueueHandlers<Q> };
