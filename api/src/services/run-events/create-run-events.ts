import type { Config } from '@app/shared/server/config';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import type { Logger } from '@app/shared/server/logger';
import type { MediaUrls } from '@app/shared/server/storage';
import { type RunQueue, WorkerHeartbeats } from '@app/shared/server/queue';
import type { Repositories } from '@app/shared/server/repositories';
import { RunReceipts } from '@app/shared/server/generation/run-receipt';
import { EtaEstimator, ThroughputMeter } from './eta';
import { QueuePositions } from './queue-positions';
import { RunEventMapper } from './run-event-mapper';
import { type NotificationFeed, RunEventsHub } from './run-events-hub';
import { RunEventsService, currentStateOf } from './run-events.service';
import { RunEventTickets } from './tickets';

/** How far back the ETA's median running times look. */
const MEDIAN_WINDOW_MS = 7 * 24 * 3600_000;

/** The live stream's parts over the generation queue of this api process. */
export function createRunEvents(
  config: Pick<Config, 'queuePrefix'> & { generation: Pick<Config['generation'], 'routes'> },
  infra: Pick<Infrastructure, 'redis'> & { notifications?: NotificationFeed },
  runQueue: Pick<RunQueue, 'events' | 'waitingOrder'>,
  repos: Pick<Repositories, 'runEvents' | 'media' | 'users' | 'runControl'>,
  urls: MediaUrls,
  logger: Logger,
): { service: RunEventsService; hub: RunEventsHub } {
  const heartbeats = new WorkerHeartbeats(infra.redis, config.queuePrefix);
  const throughput = new ThroughputMeter();
  const eta = new EtaEstimator({
    medians: () => repos.runEvents.medianDurations(new Date(Date.now() - MEDIAN_WINDOW_MS)),
    workers: () => heartbeats.list(),
    routes: config.generation.routes,
    throughput: () => throughput.perSecond(),
  });
  const positions = new QueuePositions({
    waitingOrder: () => runQueue.waitingOrder(),
    owners: (runIds) => repos.runEvents.ownersOf(runIds),
    eta: (mix) => eta.estimator(mix),
    onOrder: (order, atMs, finished) => throughput.observe(order, atMs, finished),
  });
  const hub = new RunEventsHub({
    events: runQueue.events,
    mapper: new RunEventMapper(repos, urls, new RunReceipts(repos)),
    positions,
    currentState: currentStateOf(repos),
    logger,
    ...(infra.notifications ? { notifications: infra.notifications } : {}),
  });
  return { service: new RunEventsService(repos, new RunEventTickets(infra.redis, config.queuePrefix), hub), hub };
}
