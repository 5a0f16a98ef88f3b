import type { Config } from '@app/shared/server/config';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import type { Logger } from '@app/shared/server/logger';
import type { MediaUrls } from '@app/shared/server/storage';
import { WorkerHeartbeats } from '@app/shared/server/queue';
import { createRedis } from '@app/shared/server/redis';
import type { Repositories } from '@app/shared/server/repositories';
import { EtaEstimator, ThroughputMeter } from './eta';
import { QueueEventStream } from './queue-event-stream';
import { QueuePositions } from './queue-positions';
import { RunEventMapper } from './run-event-mapper';
import { RunEventsHub } from './run-events-hub';
import { RunEventsService, currentStateOf } from './run-events.service';
import { RunEventTickets } from './tickets';

/** How far back the ETA's median running times look. */
const MEDIAN_WINDOW_MS = 7 * 24 * 3600_000;

/** The live stream's parts over the generation queue of this api process. */
export function createRunEvents(
  config: Pick<Config, 'queuePrefix'> & { generation: Pick<Config['generation'], 'routes'> },
  infra: Pick<Infrastructure, 'redis' | 'redisUrl' | 'queues'>,
  repos: Pick<Repositories, 'runEvents' | 'media' | 'users'>,
  urls: MediaUrls,
  logger: Logger,
): { service: RunEventsService; hub: RunEventsHub } {
  const queue = infra.queues.queue('generation');
  const heartbeats = new WorkerHeartbeats(infra.redis, config.queuePrefix);
  const throughput = new ThroughputMeter();
  const eta = new EtaEstimator({
    medians: () => repos.runEvents.medianDurations(new Date(Date.now() - MEDIAN_WINDOW_MS)),
    workers: () => heartbeats.list(),
    routes: config.generation.routes,
    throughput: () => throughput.perSecond(),
  });
  const positions = new QueuePositions({
    redis: infra.redis,
    // The workers' per-minute metrics keep a running count of finished jobs: exact runs finished between reads.
    keys: { wait: queue.keys.wait!, prioritized: queue.keys.prioritized!, finished: [queue.toKey('metrics:completed'), queue.toKey('metrics:failed')] },
    owners: (runIds) => repos.runEvents.ownersOf(runIds),
    eta: () => eta.estimator(),
    onOrder: (order, atMs, finished) => throughput.observe(order, atMs, finished),
  });
  const hub = new RunEventsHub({
    stream: new QueueEventStream(infra.redis, queue.keys.events!),
    openReader: () => {
      // Blocking reads hold their connection, and must wait out a Redis restart rather than fail.
      const reader = createRedis(infra.redisUrl, 'worker');
      reader.on('error', (error) => logger.debug({ err: error }, 'run events reader connection error'));
      return reader;
    },
    mapper: new RunEventMapper(repos, urls),
    positions,
    currentState: currentStateOf(repos),
    logger,
  });
  return { service: new RunEventsService(repos, new RunEventTickets(infra.redis, config.queuePrefix), hub), hub };
}
