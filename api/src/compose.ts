import type { Server } from 'node:http';
import { sql } from 'kysely';
import { type Config, type Infrastructure, type Logger, SettingsRepository, subsystem } from '@app/shared/server';
import { createApp } from './app';
import { optionalUser, requireUser } from './http/authenticate';
import { RateLimits } from './http/rate-limits';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { devOutboxRoutes } from './routes/dev-outbox';
import { feedRoutes } from './routes/feed';
import { generationRoutes } from './routes/generation';
import { launchRoutes } from './routes/launch';
import { libraryRoutes } from './routes/library';
import { mediaRoutes } from './routes/media';
import { uploadRoutes, uploadSignRoutes } from './routes/uploads';
import { waitlistRoutes } from './routes/waitlist';
import { AccountService } from './services/account.service';
import { AuthService } from './services/auth.service';
import { DraftsService } from './services/drafts.service';
import { FeedService } from './services/feed.service';
import { GenerationService } from './services/generation.service';
import { LikesService } from './services/likes.service';
import { MailService } from './services/mail.service';
import { MediaService } from './services/media.service';
import { OtpClientFailures, OtpService } from './services/otp.service';
import { PromptEnhancer } from './services/prompt-enhancer';
import { ReferralsService } from './services/referrals.service';
import { SessionDenylist } from './services/session-denylist';
import { SingleUse } from './services/single-use';
import { TokenService } from './services/tokens';
import { UploadService } from './services/upload.service';
import { UploadSigner } from './services/upload-signature';
import { WeeklyPresetsService } from './services/weekly-presets.service';

/**
 * Wires the api from opened infrastructure: repositories, services, routers.
 * Used by the api process and by the all-in-one process, so both serve the same thing.
 */
export function composeApi(config: Config, logger: Logger, infra: Infrastructure) {
  const { db } = infra;
  const tokens = new TokenService(infra.secrets.jwtSecret);
  const otp = new OtpService(db, infra.secrets.signingSecret, new OtpClientFailures(infra.redis, config.queuePrefix));
  const mail = new MailService(db, infra.queues);
  const denylist = new SessionDenylist(infra.redis, config.queuePrefix);
  const auth = new AuthService(db, otp, mail, tokens, config.betaAccountCap, denylist);
  const accounts = new AccountService(db, infra.storage, otp, mail, subsystem(logger, 'accounts'));
  const limits = new RateLimits(infra.redis, config.queuePrefix);
  const signedIn = requireUser(tokens, db, denylist);
  const uploads = new UploadService(db, infra.storage, new UploadSigner(infra.secrets.signingSecret), new SingleUse(infra.redis, config.queuePrefix));
  const weeklyPresets = new WeeklyPresetsService(db);
  const generation = new GenerationService(db, infra.queues, weeklyPresets, subsystem(logger, 'generation'));
  const enhancer = new PromptEnhancer(config.promptEnhancer, subsystem(logger, 'magic-wand'));
  const media = new MediaService(db, infra.storage, subsystem(logger, 'media'));

  return createApp({
    config,
    logger: subsystem(logger, 'http'),
    storage: infra.storage,
    readiness: {
      database: async () => {
        await sql`select 1`.execute(db);
      },
      redis: async () => {
        await infra.redis.ping();
      },
    },
    routes: [...(config.mail.devOutbox ? [devOutboxRoutes(db)] : []), uploadRoutes(uploads, limits)],
    functions: [
      launchRoutes(new SettingsRepository(db), config.contactEmail),
      authRoutes(auth, limits, signedIn),
      accountRoutes(accounts, limits, signedIn),
      waitlistRoutes(db, limits),
      uploadSignRoutes(uploads, signedIn),
      generationRoutes(generation, weeklyPresets, enhancer, signedIn),
      feedRoutes(new FeedService(db), optionalUser(tokens, db, denylist)),
      mediaRoutes(media, new LikesService(db), signedIn),
      libraryRoutes(new DraftsService(db), media, new ReferralsService(db, infra.queues, config.http.publicUrl, limits), signedIn),
    ],
  });
}

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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
