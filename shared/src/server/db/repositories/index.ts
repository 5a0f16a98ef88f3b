import type { Db } from '../db';
import { inTransaction } from '../transaction';
import { AdminAuditRepository } from './admin-audit.repository';
import { ApiKeysRepository } from './api-keys.repository';
import { CollectionsRepository } from './collections.repository';
import { AdminInsightsRepository } from './admin-insights.repository';
import { CreditLedgerRepository } from './credit-ledger.repository';
import { CreditsRepository } from './credits.repository';
import { DraftsRepository } from './drafts.repository';
import { FeedRepository } from './feed.repository';
import { FollowsRepository } from './follows.repository';
import { GenerationRunsRepository } from './generation-runs.repository';
import { LikesRepository } from './likes.repository';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MediaRepository } from './media.repository';
import { NotificationsRepository } from './notifications.repository';
import { ProviderRequestsRepository } from './provider-requests.repository';
import { ReferralsRepository } from './referrals.repository';
import { RunControlRepository } from './run-control.repository';
import { RunEventsRepository } from './run-events.repository';
import { RunWebhooksRepository } from './run-webhooks.repository';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { ReportsRepository } from './reports.repository';
import { SettingsRepository } from './settings.repository';
import { StoriesRepository } from './stories.repository';
import { SignInCodesRepository } from './sign-in-codes.repository';
import { UploadsRepository } from './uploads.repository';
import { UsersRepository } from './users.repository';
import { WaitlistRepository } from './waitlist.repository';
import { WeeklyPresetsRepository } from './weekly-presets.repository';

/** Every repository over one connection (or one transaction). */
export interface Repositories {
  adminAudit: AdminAuditRepository;
  adminInsights: AdminInsightsRepository;
  apiKeys: ApiKeysRepository;
  collections: CollectionsRepository;
  credits: CreditsRepository;
  creditLedger: CreditLedgerRepository;
  drafts: DraftsRepository;
  feed: FeedRepository;
  follows: FollowsRepository;
  runs: GenerationRunsRepository;
  likes: LikesRepository;
  mailOutbox: MailOutboxRepository;
  media: MediaRepository;
  notifications: NotificationsRepository;
  providerRequests: ProviderRequestsRepository;
  referrals: ReferralsRepository;
  runControl: RunControlRepository;
  runEvents: RunEventsRepository;
  runWebhooks: RunWebhooksRepository;
  refreshTokens: RefreshTokensRepository;
  reports: ReportsRepository;
  settings: SettingsRepository;
  signInCodes: SignInCodesRepository;
  stories: StoriesRepository;
  uploads: UploadsRepository;
  users: UsersRepository;
  waitlist: WaitlistRepository;
  weeklyPresets: WeeklyPresetsRepository;
  /** Runs `fn` with repositories bound to one transaction (or the caller's, when already in one). */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T>;
}

/** Built once in each composition root; services receive what they need from it. */
export function createRepositories(db: Db): Repositories {
  return {
    adminAudit: new AdminAuditRepository(db),
    adminInsights: new AdminInsightsRepository(db),
    apiKeys: new ApiKeysRepository(db),
    collections: new CollectionsRepository(db),
    credits: new CreditsRepository(db),
    creditLedger: new CreditLedgerRepository(db),
    drafts: new DraftsRepository(db),
    feed: new FeedRepository(db),
    follows: new FollowsRepository(db),
    runs: new GenerationRunsRepository(db),
    likes: new LikesRepository(db),
    mailOutbox: new MailOutboxRepository(db),
    media: new MediaRepository(db),
    notifications: new NotificationsRepository(db),
    providerRequests: new ProviderRequestsRepository(db),
    referrals: new ReferralsRepository(db),
    runControl: new RunControlRepository(db),
    runEvents: new RunEventsRepository(db),
    runWebhooks: new RunWebhooksRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    reports: new ReportsRepository(db),
    settings: new SettingsRepository(db),
    signInCodes: new SignInCodesRepository(db),
    stories: new StoriesRepository(db),
    uploads: new UploadsRepository(db),
    users: new UsersRepository(db),
    waitlist: new WaitlistRepository(db),
    weeklyPresets: new WeeklyPresetsRepository(db),
    transaction: (fn) => inTransaction(db, (trx) => fn(createRepositories(trx))),
  };
}

export * from './admin-audit.repository';
export * from './admin-insights.repository';
export * from './api-keys.repository';
export * from './collections.repository';
export * from './credit-ledger.repository';
export * from './credits.repository';
export * from './drafts.repository';
export * from './feed.repository';
export * from './follows.repository';
export * from './generation-runs.repository';
export * from './likes.repository';
export * from './mail-outbox.repository';
export * from './media.repository';
export * from './notifications.repository';
export * from './referrals.repository';
export * from './run-control.repository';
export * from './run-events.repository';
export * from './run-webhooks.repository';
export * from './refresh-tokens.repository';
export * from './reports.repository';
export * from './settings.repository';
export * from './sign-in-codes.repository';
export * from './stories.repository';
export * from './uploads.repository';
export * from './users.repository';
export * from './waitlist.repository';
export * from './weekly-presets.repository';
