import type { Server } from 'node:http';
import type { Request } from 'express';
import { sql } from 'kysely';
import type { Config } from '@app/shared/server/config';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import { MediaSigner, MediaUrls } from '@app/shared/server/storage';
import { type Logger, subsystem } from '@app/shared/server/logger';
import { type Metrics, createMetrics } from '@app/shared/server/metrics';
import { RunQueue, WorkerHeartbeats } from '@app/shared/server/queue';
import { createRedis, pingKeys } from '@app/shared/server/redis';
import { createRepositories } from '@app/shared/server/repositories';
import { CancelRequests } from '@app/shared/server/generation/cancel-requests';
import { RunWebhooks } from '@app/shared/server/generation/run-webhooks';
import { DigestUnsubscribe, NotificationSignals, Notifier } from '@app/shared/server/notifications';
import { createApp } from './app';
import { authenticate, signedInViewer } from './http/authenticate';
import { RATE_RULES, RateLimits } from './http/rate-limits';
import { adminSecretOfBody, requireAdmin } from './http/admin-auth';
import { SecretGuessThrottle } from './http/shared-secret';
import { SignInDevices } from './http/sign-in-device';
import { accountRoutes } from './routes/account';
import { apiKeyRoutes } from './routes/api-keys';
import { adminRoutes } from './routes/admin';
import { metricsRoutes } from './routes/metrics';
import { runEventsRoutes } from './routes/run-events';
import { openApiRoutes } from './routes/openapi';
import { queueDashboardRoutes } from './routes/queue-dashboard';
import { requireStoryEditor, storyRoutes } from './routes/stories';
import { seoRoutes } from './routes/seo';
import { webhookRoutes } from './routes/webhooks';
import { ProviderWebhooks } from './services/provider-webhooks.service';
import { createRunEvents } from './services/run-events/create-run-events';
import { PageMetaService } from './services/page-meta.service';
import { FirstScreenService } from './services/first-screen.service';
import { ShareImageService } from './services/share-image.service';
import { StoriesService } from './services/stories.service';
import { TagsService } from './services/tags.service';
import { AdminService } from './services/admin.service';
import { RunTimelineService } from './services/run-timeline.service';
import { DiagnosisService } from './services/diagnosis/diagnosis.service';
import { systemProbes } from './services/diagnosis/system-probes';
import { LaunchSettings } from './services/launch-settings';
import { authRoutes } from './routes/auth';
import { devOutboxRoutes } from './routes/dev-outbox';
import { feedRoutes } from './routes/feed';
import { creatorRoutes } from './routes/creators';
import { followRoutes } from './routes/follows';
import { collectionRoutes } from './routes/collections';
import { generationRoutes } from './routes/generation';
import { launchRoutes } from './routes/launch';
import { libraryRoutes } from './routes/library';
import { mediaRoutes } from './routes/media';
import { notificationRoutes } from './routes/notifications';
import { reportRoutes } from './routes/reports';
import { runRoutes } from './routes/runs';
import { runWebhookRoutes } from './routes/run-webhooks';
import { uploadRoutes, uploadSignRoutes } from './routes/uploads';
import { waitlistRoutes } from './routes/waitlist';
import { AccountService } from './services/account.service';
import { ApiKeysService } from './services/api-keys.service';
import { AppInfoService } from './services/app-info.service';
import { AuthService, KNOWN_CLIENT_DAYS } from './services/auth.service';
import { DevOutboxService } from './services/dev-outbox.service';
import { DraftsService } from './services/drafts.service';
import { FeedService } from './services/feed.service';
import { CreatorsService } from './services/creators.service';
import { FollowsService } from './services/follows.service';
import { CollectionsService } from './services/collections.service';
import { GenerationService } from './services/generation.service';
import { LikesService } from './services/likes.service';
import { MailService } from './services/mail.service';
import { MediaService } from './services/media.service';
import { NotificationsService } from './services/notifications.service';
import { MediaFileAccess } from './services/media-file-access';
import { OtpService, WrongCodeBudget } from './services/otp.service';
import { PromptEnhancer } from './services/prompt-enhancer';
import { ReferralsService } from './services/referrals.service';
import { ReportsService } from './services/reports.service';
import { RunControlService } from './services/run-control.service';
import { RunWebhooksService } from './services/run-webhooks.service';
import { RunReceipts } from '@app/shared/server/generation/run-receipt';
import { SessionDenylist } from './services/session-denylist';
import { SingleUse } from './services/single-use';
import { TokenService } from './services/tokens';
import { UploadService } from './services/upload.service';
import { UploadSigner } from './services/upload-signature';
import { WaitlistService } from './services/waitlist.service';
import { WeeklyPresetsService } from './services/weekly-presets.service';

/**
 * Wires the api from opened infrastructure: repositories, services, routers.
 * Used by the api process and by the all-in-one process, so both serve the same thing.
 */
export function composeApi(config: Config, logger: Logger, infra: Infrastructure, metrics: Metrics = createMetrics('api')) {
  const { db } = infra;
  const repos = createRepositories(db);
  const tokens = new TokenService(infra.secrets.jwtSecret);
  const otp = new OtpService(repos, infra.secrets.signingSecret, new WrongCodeBudget(infra.redis, config.queuePrefix));
  const mail = new MailService(repos, infra.queues);
  const denylist = new SessionDenylist(infra.redis, config.queuePrefix);
  const launch = new LaunchSettings(repos, config.betaAccountCap);
  // Stored media are keys; answers carry addresses made from the storage's public base.
  const mediaSigner = new MediaSigner(infra.secrets.signingSecret);
  const urls = new MediaUrls(infra.storage, mediaSigner);
  const auth = new AuthService(repos, otp, mail, tokens, launch, denylist, urls);
  // The drawn home (reused a second) is forgotten by every action that changes what strangers see.
  const feed = new FeedService(repos, urls);
  const appInfo = new AppInfoService(repos, config.contactEmail, urls.base, config.generation.routes, launch);
  const firstScreen = new FirstScreenService(feed, appInfo, config.webDistDir, subsystem(logger, 'first-screen'));
  const accounts = new AccountService(repos, infra.storage, otp, mail, subsystem(logger, 'accounts'), urls, firstScreen);
  const limits = new RateLimits(infra.redis, config.queuePrefix, { ...RATE_RULES, apiKeyCalls: { points: config.apiKeyRequestsPerMinute, durationSeconds: 60 } });
  // Personal API keys (issue 45 §1): a route takes one only where its authentication names the scope.
  const apiKeys = new ApiKeysService(repos, limits, subsystem(logger, 'api-keys'));
  const bearer = { tokens, users: repos.users, denylist, apiKeys };
  const signedIn = authenticate({ require: 'user' }, bearer);
  const signedInOrReadKey = authenticate({ require: 'user', apiKey: 'read' }, bearer);
  const uploads = new UploadService(repos, infra.storage, urls, new UploadSigner(infra.secrets.signingSecret), new SingleUse(infra.redis, config.queuePrefix), limits);
  const weeklyPresets = new WeeklyPresetsService(repos.weeklyPresets);
  const runQueue = new RunQueue(infra.queues, infra.redis, () => {
    // Blocking reads of the run events hold their connection, and must wait out a Redis restart rather than fail.
    const reader = createRedis(infra.redisEndpoint, 'worker');
    reader.on('error', (error) => logger.debug({ err: error }, 'run events reader connection error'));
    return reader;
  });
  // A run's webhook (issue 45 §2): its address checked at submit, its end told whoever settles it.
  const runWebhooks = new RunWebhooks({ deliveries: repos.runWebhooks, queues: infra.queues, allowPrivate: config.webhooks.allowPrivate, logger: subsystem(logger, 'webhooks') });
  // Notifications (issue 46 §3): written where things happen, signalled to every api process's open streams.
  const signals = new NotificationSignals(infra.redis, config.queuePrefix);
  const notifier = new Notifier({ notifications: repos.notifications, signals, logger: subsystem(logger, 'notifications') });
  const generation = new GenerationService(
    repos,
    runQueue,
    weeklyPresets,
    urls,
    subsystem(logger, 'generation'),
    { maxRunsInFlight: config.generation.maxRunsInFlight },
    runWebhooks,
  );
  const enhancer = new PromptEnhancer(config.promptEnhancer, subsystem(logger, 'magic-wand'));
  const media = new MediaService(repos, infra.storage, urls, subsystem(logger, 'media'), firstScreen, new RunReceipts(repos));
  const runControl = new RunControlService(
    repos,
    runQueue,
    new CancelRequests(infra.redis, config.queuePrefix),
    subsystem(logger, 'generation'),
    { maxRunsInFlight: config.generation.maxRunsInFlight },
    runWebhooks.runEnded,
  );
  const diagnosis = new DiagnosisService({
    probes: systemProbes(config, infra),
    queues: infra.queues.all(),
    heartbeats: new WorkerHeartbeats(infra.redis, config.queuePrefix),
    insights: repos.adminInsights,
    version: config.version,
    queueStaleSeconds: config.observability.queueStaleSeconds,
    routes: config.generation.routes,
  });
  const stories = new StoriesService(repos, urls);
  const tags = new TagsService(repos, urls);
  const creators = new CreatorsService(repos, feed, urls);
  const collections = new CollectionsService(repos, feed, urls);
  const viewer = authenticate({ require: 'none' }, bearer);
  const pageMeta = new PageMetaService(stories, tags, creators, config.http.publicUrl, feed, collections);
  const admin = new AdminService(repos, infra.storage, urls, accounts, denylist, launch, subsystem(logger, 'admin'), firstScreen, notifier);
  const timelines = new RunTimelineService(repos, config.tracing.traceUrlTemplate);
  // Wrong operator secrets are paced (never locked out) and each goes to the admin audit log.
  const secretPacing = new SecretGuessThrottle(infra.redis, config.queuePrefix, config.secretGuessDelayMs);
  const refusedSecret = (req: Request, kind: string) => admin.recordRefusedSecret({ ip: req.ip ?? null }, kind, `${req.method} ${req.originalUrl.split('?')[0]}`);
  const requireAdminSecret = requireAdmin(config.adminSecret, secretPacing, undefined, refusedSecret);
  const verifyAdminSecret = requireAdmin(config.adminSecret, secretPacing, adminSecretOfBody, refusedSecret);
  const notificationFeed = {
    // A subscribed connection does nothing else: one of its own, opened while streams are open here.
    listen: async (heard: (userId: string) => void) => NotificationSignals.listen(createRedis(infra.redisEndpoint, 'worker'), signals.channel, heard, logger),
    unreadCount: (userId: string) => repos.notifications.unreadCount(userId),
  };
  const runEvents = createRunEvents(config, { ...infra, notifications: notificationFeed }, runQueue, repos, urls, subsystem(logger, 'run-events'));

  const app = createApp({
    config,
    logger: subsystem(logger, 'http'),
    storage: infra.storage,
    mediaFiles: { access: new MediaFileAccess(repos), signer: mediaSigner, viewer: (req) => signedInViewer(req, bearer) },
    metrics,
    pageMeta: (pathname, options) => pageMeta.forPath(pathname, options),
    home: (device) => firstScreen.home(device),
    media: (id, device) => firstScreen.media(id, device),
    rawBodyRoutes: [webhookRoutes(new ProviderWebhooks(repos, config.providers, subsystem(logger, 'webhooks')))],
    readiness: {
      database: async () => {
        await sql`select 1`.execute(db);
      },
      redis: async () => {
        await pingKeys(infra.redis, config.queuePrefix);
      },
    },
    routes: [
      ...(config.mail.devOutbox ? [devOutboxRoutes(new DevOutboxService(repos))] : []),
      uploadRoutes(uploads),
      metricsRoutes(metrics, infra.queues.all(), config.observability.metricsToken),
      queueDashboardRoutes(infra.queues.all(), config.adminSecret, requireAdminSecret),
      seoRoutes(stories, tags, new ShareImageService(stories, infra.storage, urls, feed), config.http.publicUrl, feed),
    ],
    // Matched in this order: the calls every open page makes (the poll, the submit) first.
    functions: [
      generationRoutes(generation, weeklyPresets, enhancer, {
        signedIn,
        session: authenticate({ require: 'session', apiKey: 'generate' }, bearer),
        sessionAlongside: authenticate({ require: 'session', alongside: true, apiKey: 'read' }, bearer),
      }),
      launchRoutes(appInfo),
      authRoutes(auth, limits, signedIn, new SignInDevices(infra.secrets.signingSecret, KNOWN_CLIENT_DAYS)),
      accountRoutes(accounts, limits, signedIn, signedInOrReadKey),
      apiKeyRoutes(apiKeys, signedIn),
      waitlistRoutes(new WaitlistService(repos), limits),
      uploadSignRoutes(uploads, signedIn),
      runRoutes(runControl, signedIn, signedInOrReadKey),
      feedRoutes(feed, viewer, signedIn, authenticate({ require: 'none', apiKey: 'read' }, bearer)),
      creatorRoutes(creators, viewer),
      followRoutes(
        new FollowsService(
          repos,
          // notifications (issue 46 §3) listen here
          { followed: notifier.followed },
          urls,
          subsystem(logger, 'follows'),
        ),
        signedIn,
      ),
      collectionRoutes(collections, viewer, signedIn),
      mediaRoutes(media, new LikesService(repos, (userId) => notifier.signal(userId)), signedIn, signedInOrReadKey),
      notificationRoutes(new NotificationsService(repos, urls, new DigestUnsubscribe(infra.secrets.signingSecret)), signedIn),
      reportRoutes(new ReportsService(repos, feed, limits), signedIn),
      adminRoutes(admin, timelines, diagnosis, verifyAdminSecret, requireAdminSecret),
      storyRoutes(stories, tags, requireStoryEditor(config.storyEditorToken, secretPacing, refusedSecret), uploads),
      libraryRoutes(new DraftsService(repos, urls), media, new ReferralsService(repos, mail, config.http.publicUrl, limits), signedIn),
      runEventsRoutes(runEvents.service, signedIn, signedInOrReadKey),
      runWebhookRoutes(new RunWebhooksService(repos), signedIn),
      // The contract as an OpenAPI document (issue 45 §3).
      openApiRoutes(),
    ],
  });
  beforeClose.set(app, () => runEvents.hub.close());
  return app;
}

/** What must end before the server can close: open event streams never end by themselves. */
const beforeClose = new WeakMap<object, () => Promise<void>>();

/** Starts listening; the returned close stops taking connections and ends idle ones. */
export async function listen(
  app: ReturnType<typeof createApp>,
  port: number,
  host: string,
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: boundPort,
    close: async () => {
      await beforeClose.get(app)?.();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
    },
  };
}
