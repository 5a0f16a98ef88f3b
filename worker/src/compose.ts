import type { Config } from '@app/shared/server/config';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import { type Logger, subsystem } from '@app/shared/server/logger';
import { createMailer } from '@app/shared/server/mail';
import { type Metrics, createMetrics } from '@app/shared/server/metrics';
import { WorkerHeartbeats, webhookRetryDelayMs } from '@app/shared/server/queue';
import { createRepositories } from '@app/shared/server/repositories';
import { CancelRequests } from '@app/shared/server/generation/cancel-requests';
import { RunAnswers } from '@app/shared/server/generation/run-answer';
import { RunWebhooks } from '@app/shared/server/generation/run-webhooks';
import { allOf } from '@app/shared/server/generation/settle-run';
import { DigestUnsubscribe, NotificationSignals, Notifier } from '@app/shared/server/notifications';
import { MediaSigner, MediaUrls } from '@app/shared/server/storage';
import type { JobHandlers } from './job-handlers';
import { sendEmailHandler } from './jobs/email';
import { generateHandler } from './jobs/generation';
import { dailyCreditTopupHandler, expireGuestMediaHandler, notificationDigestHandler } from './jobs/maintenance';
import { makeMediaVariantsHandler } from './jobs/media-variants';
import { reconcileRunsHandler } from './jobs/reconcile-runs';
import { deliverRunWebhookHandler } from './jobs/run-webhook';
import { httpWebhookSender } from './webhooks/webhook-sender';
import { GenerationPipeline } from './pipeline/generation-pipeline';
import { createThreadedFaceEmbedder } from './pipeline/identity/threaded-face-embedder';
import { IdentityChecker } from './pipeline/identity/identity-check';
import { animateStill } from './pipeline/video/animate';
import type { IdentityPort } from './pipeline/ports';
import { createProviderRouting, createVideoMaker, needsIdentityModel, remoteJobDeps } from './providers/create-providers';
import type { ImageProvider } from './providers/provider';
import { onlyProvider } from './providers/provider-routing';
import { RedisProviderLimiter } from './providers/remote/provider-limiter';
import { runMetricsObserver } from './run-metrics';
import type { ContentScreener } from './screening/content-screener';
import { RunScreening } from './screening/run-screening';
import { createThreadedScreener } from './screening/threaded-screener';
import { startWorkers } from './worker';
import { startWorkerHttp } from './worker-http';

/**
 * Wires every job handler from opened infrastructure. Used by the worker process and by
 * the all-in-one process. The face model loads here, once per process.
 */
export interface WorkerOverrides {
  /** Replaces the image provider of every mode (tests: a provider that returns someone else's face). */
  provider?: ImageProvider;
  /** The all-in-one process shares one registry between api and workers. */
  metrics?: Metrics;
  /** Replaces the nsfwjs classifier (tests: a fake with chosen scores). Ignored with SCREENING=off. */
  screener?: ContentScreener;
}

/** Every mode is served by the instant provider, which never asks for a likeness check. */
const NO_FACE_MODEL: IdentityPort = {
  prepareSource: () => Promise.reject(new Error('no face model is loaded: every mode uses the instant provider')),
  check: () => Promise.reject(new Error('no face model is loaded: every mode uses the instant provider')),
};

export async function composeWorkers(config: Config, logger: Logger, infra: Infrastructure, overrides: WorkerOverrides = {}) {
  const mailLogger = subsystem(logger, 'mail');
  const mailer = createMailer(config, mailLogger);
  // The face model takes memory and seconds to load: only when some mode checks likeness.
  const checksLikeness = overrides.provider ? overrides.provider.checksIdentity !== false : needsIdentityModel(config);
  const embedder = checksLikeness ? await createThreadedFaceEmbedder() : undefined;
  const repos = createRepositories(infra.db);
  // The classifier's thread and model load on the first image screened, not here.
  const screener = config.screening.enabled ? (overrides.screener ?? createThreadedScreener()) : null;
  const metrics = overrides.metrics ?? createMetrics('worker');
  // A lease outlives the deadline a little, so a killed worker's slot frees itself soon after.
  const limiter = new RedisProviderLimiter(infra.redis, config.queuePrefix, config.generation.providerTimeoutMs + 30_000);
  const job = remoteJobDeps(config, { store: repos.providerRequests, limiter }, subsystem(logger, 'provider'));
  const providers = overrides.provider ? onlyProvider(overrides.provider) : createProviderRouting(config, job);
  // A run's end is told to its owner's webhook, whichever settlement ends it (issue 45 §2).
  const webhookLogger = subsystem(logger, 'webhooks');
  const runWebhooks = new RunWebhooks({ deliveries: repos.runWebhooks, queues: infra.queues, allowPrivate: config.webhooks.allowPrivate, logger: webhookLogger });
  // ...and to its owner's notifications (issue 46 §3), with a signal to their open pages.
  const notifier = new Notifier({ notifications: repos.notifications, signals: new NotificationSignals(infra.redis, config.queuePrefix), logger: subsystem(logger, 'notifications') });
  const runEnded = allOf(runWebhooks.runEnded, notifier.runEnded);
  const pipeline = new GenerationPipeline({
    repos,
    storage: infra.storage,
    providers,
    identity: embedder ? new IdentityChecker(embedder) : NO_FACE_MODEL,
    video: createVideoMaker(config, job, { name: 'local', animate: (still, options, signal) => animateStill(still, options, signal) }),
    screening: new RunScreening({ screener, thresholds: config.screening.thresholds, uploads: repos.uploads, logger: subsystem(logger, 'screening') }),
    logger: subsystem(logger, 'generation'),
    providerTimeoutMs: config.generation.providerTimeoutMs,
    observer: runMetricsObserver(metrics),
    runEnded,
  });

  const handlers: JobHandlers = {
    email: { 'send-email': sendEmailHandler(repos.mailOutbox, mailer, mailLogger) },
    generation: { generate: generateHandler(pipeline, subsystem(logger, 'generation'), new CancelRequests(infra.redis, config.queuePrefix)) },
    maintenance: {
      'expire-guest-media': expireGuestMediaHandler(repos, infra.storage, subsystem(logger, 'maintenance')),
      'daily-credit-topup': dailyCreditTopupHandler(repos, subsystem(logger, 'maintenance')),
      'reconcile-runs': reconcileRunsHandler({ repos, queues: infra.queues, ...config.generation.reconcile, logger: subsystem(logger, 'maintenance'), ended: runEnded }),
      'make-media-variants': makeMediaVariantsHandler({ repos, storage: infra.storage, logger: subsystem(logger, 'maintenance') }),
      'notification-digest': notificationDigestHandler({
        notifications: repos.notifications,
        outbox: repos.mailOutbox,
        queues: infra.queues,
        unsubscribe: new DigestUnsubscribe(infra.secrets.signingSecret),
        urls: new MediaUrls(infra.storage, new MediaSigner(infra.secrets.signingSecret)),
        publicUrl: config.http.publicUrl,
        logger: subsystem(logger, 'maintenance'),
      }),
    },
    webhooks: {
      'deliver-run-webhook': deliverRunWebhookHandler({
        webhooks: repos.runWebhooks,
        // The run as getMediaByRunId answers it, its addresses made as the api makes them.
        answers: new RunAnswers(repos, new MediaUrls(infra.storage, new MediaSigner(infra.secrets.signingSecret))),
        send: httpWebhookSender({ allowPrivate: config.webhooks.allowPrivate }),
        retryBaseMs: config.webhooks.retryBaseMs,
        logger: webhookLogger,
      }),
    },
  };
  // Schedulers are upserted by id, so every worker process may declare them.
  const maintenance = infra.queues.queue('maintenance');
  await maintenance.upsertJobScheduler('expire-guest-media', { pattern: '17 * * * *' }, { name: 'expire-guest-media', data: {} });
  await maintenance.upsertJobScheduler('daily-credit-topup', { pattern: '0 0 * * *', tz: 'UTC' }, { name: 'daily-credit-topup', data: {} });
  // The notifications digest (issue 46 §3), off unless a person turned it on: once a day, 08:00 UTC.
  await maintenance.upsertJobScheduler('notification-digest', { pattern: '0 8 * * *', tz: 'UTC' }, { name: 'notification-digest', data: {} });
  await maintenance.upsertJobScheduler('make-media-variants', { every: 60_000 }, { name: 'make-media-variants', data: {} });
  await maintenance.upsertJobScheduler('reconcile-runs', { every: config.generation.reconcile.everySeconds * 1000 }, { name: 'reconcile-runs', data: {} });
  const workers = startWorkers({
    config,
    logger,
    redisEndpoint: infra.redisEndpoint,
    handlers,
    prefix: config.queuePrefix,
    ...(infra.telemetry ? { telemetry: infra.telemetry } : {}),
    onRecovery: (queue) => metrics.workerRecoveries.inc({ queue }),
    backoff: { webhooks: (failures) => webhookRetryDelayMs(failures, config.webhooks.retryBaseMs) },
  });
  const stopHeartbeat = new WorkerHeartbeats(infra.redis, config.queuePrefix).start({
    queues: workers.queues,
    concurrency: Object.fromEntries(workers.queues.map((queue) => [queue, config.worker.concurrency[queue]])),
    version: config.version,
    recoveries: workers.recoveries,
  });
  const port = config.observability.workerMetricsPort;
  const workerHttp =
    port === undefined || overrides.metrics
      ? undefined
      : await startWorkerHttp({
          port,
          host: config.http.host,
          metrics,
          queues: infra.queues.all(),
          metricsToken: config.observability.metricsToken,
          redis: infra.redis,
          logger: subsystem(logger, 'worker-http'),
        });
  return {
    queues: workers.queues,
    metricsPort: workerHttp?.port,
    close: async () => {
      await stopHeartbeat();
      await workerHttp?.close();
      await workers.close();
      await providers.close();
      await embedder?.close();
      await screener?.close();
      mailer.close();
    },
  };
}
