import type { AdminSettings, AdminUserRow, AuditEntry } from '@app/shared/api/admin';
import type { ResolveAction, ReviewEntry } from '@app/shared/api/reports';
import type { Media, Screening, User } from '@app/shared/server/db';
import type { Logger } from '@app/shared/server/logger';
import type { Notifier } from '@app/shared/server/notifications';
import { removeMedia } from '@app/shared/server/media';
import type { MediaUrls, Storage } from '@app/shared/server/storage';
import { InsufficientCreditsError } from '@app/shared/server/repositories';
import { ConflictError } from '@app/shared/server/domain-errors';
import type { AccountService } from './account.service';
import type { FirstScreenService } from './first-screen.service';
import type { LaunchSettings } from './launch-settings';
import { toAdminMediaRow } from '@app/shared/server/media/media-presenter';
import type { RepositoryPorts } from './repository-ports';
import { noSuch } from './service-errors';
import type { SessionDenylist } from './session-denylist';

/** Who did an admin action, for the audit log (the admin is one shared secret: the client address tells them apart). */
export interface AdminActor {
  ip: string | null;
}

/**
 * The admin's actions on people, media and settings. Each one that changes something is
 * written to the audit log with its target, after it succeeded.
 */
export class AdminService {
  constructor(
    private readonly repos: RepositoryPorts<{
      users: 'listForAdmin' | 'findById' | 'setBanned';
      media: 'listForAdmin' | 'findById' | 'deleteById' | 'setModeration';
      reports: 'queue' | 'reasonCounts' | 'newestNotes' | 'topOpenReason' | 'resolveOpen';
      credits: 'apply';
      refreshTokens: 'revokeAllForUser';
      adminAudit: 'record' | 'recent';
      adminInsights: 'platformStats';
    }>,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
    private readonly accounts: Pick<AccountService, 'deleteAccount'>,
    private readonly denylist: Pick<SessionDenylist, 'deny'>,
    private readonly launch: LaunchSettings,
    private readonly logger: Logger,
    /** Every action that changes what strangers see draws the home again at once (issue 42). */
    private readonly firstScreen: Pick<FirstScreenService, 'forget'>,
    /** A creation hidden is told to its owner (issue 46 §3). */
    private readonly notifier?: Pick<Notifier, 'mediaHidden'>,
  ) {}

  stats() {
    return this.repos.adminInsights.platformStats(new Date(Date.now() - 7 * 24 * 3_600_000));
  }

  async users(query: { search?: string; limit: number; offset: number }) {
    const { rows, total } = await this.repos.users.listForAdmin(query);
    return { users: rows.map(toAdminUserRow), total };
  }

  /** ±10 credits through the ledger; a balance never goes below zero. */
  async adjustCredits(actor: AdminActor, userId: string, adjustment: number): Promise<number> {
    await this.userOrThrow(userId);
    try {
      const { balance } = await this.repos.credits.apply({ userId, delta: adjustment, reason: 'admin_adjustment' });
      await this.audit(actor, 'adjust-credits', userId, { adjustment, balance });
      return balance;
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        throw new ConflictError(`The balance is ${error.balance}: it cannot go below zero.`, 'BALANCE_TOO_LOW');
      }
      throw error;
    }
  }

  /**
   * A ban ends every session at once: refresh tokens are revoked and live access tokens denied.
   * It also takes the person's work out of every public place (publiclyListed reads the flag on
   * each query); an unban puts it back.
   */
  async setBanned(actor: AdminActor, userId: string, banned: boolean): Promise<boolean> {
    const user = await this.repos.users.setBanned(userId, banned);
    if (!user) throw noSuch('user');
    this.firstScreen.forget();
    if (banned) await this.denylist.deny(await this.repos.refreshTokens.revokeAllForUser(userId));
    await this.audit(actor, banned ? 'ban-user' : 'unban-user', userId, { email: user.email });
    return user.banned;
  }

  /** As account deletion does: files first, then every row. */
  async deleteUser(actor: AdminActor, userId: string): Promise<void> {
    const user = await this.userOrThrow(userId);
    await this.accounts.deleteAccount(user);
    await this.audit(actor, 'delete-user', userId, { email: user.email });
  }

  async media(query: { limit: number; offset: number }) {
    return (await this.repos.media.listForAdmin(query)).map((row) => toAdminMediaRow(row, this.urls));
  }

  async deleteMedia(actor: AdminActor, id: string, type?: 'image' | 'video'): Promise<void> {
    const media = await this.repos.media.findById(id);
    if (!media || (type && media.type !== type)) throw noSuch('media');
    await removeMedia(this.repos.media, this.storage, media);
    this.firstScreen.forget();
    await this.audit(actor, 'delete-media', id, { userId: media.user_id, type: media.type });
  }

  /** The review queue (issue 42), most urgent first (the order is the repository's `queue`). */
  async reports(limit: number): Promise<ReviewEntry[]> {
    const rows = await this.repos.reports.queue(limit);
    const ids = rows.map((row) => row.id);
    const [counts, notes] = await Promise.all([this.repos.reports.reasonCounts(ids), this.repos.reports.newestNotes(ids)]);
    return rows.map((row) => ({
      mediaId: row.id,
      type: row.type,
      thumbnailUrl: this.urls.url(stillOf(row)),
      prompt: row.prompt,
      isPublic: row.is_public,
      owner: row.owner_id
        ? { id: row.owner_id, name: row.owner_name, username: row.owner_username, banned: row.owner_banned === true }
        : null,
      moderation: { state: row.moderation, reason: row.moderation_reason },
      reasons: Object.fromEntries(counts.filter((c) => c.media_id === row.id).map((c) => [c.reason, c.count])),
      openReports: row.open_reports,
      notes: notes.filter((n) => n.media_id === row.id).map((n) => ({ reason: n.reason, note: n.note, createdAt: n.created_at.toISOString() })),
      screening: screeningOf(row.screening),
      firstReportedAt: row.first_reported_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /**
   * The admin's decision on an item of the queue: keep (nothing holds it: the owner's own
   * public/private choice stands), hide (public nowhere; its owner sees why) or delete (as the
   * Media tab deletes, files too), closing its open reports with that decision; `banOwner`
   * bans its owner as the Users tab does. Each step is in the audit log.
   */
  async resolveReport(actor: AdminActor, input: { mediaId: string; action: ResolveAction; banOwner: boolean }) {
    const media = await this.repos.media.findById(input.mediaId);
    if (!media) throw noSuch('media');
    let resolved: number;
    if (input.action === 'delete') {
      // The reports go with the row (on delete cascade): the decision is recorded before.
      resolved = await this.repos.reports.resolveOpen(media.id, 'delete');
      await this.audit(actor, 'delete-media', media.id, { userId: media.user_id, type: media.type, review: true, reports: resolved });
      await removeMedia(this.repos.media, this.storage, media);
    } else {
      const reason = input.action === 'hide' ? ((await this.repos.reports.topOpenReason(media.id)) ?? media.moderation_reason ?? topClassOf(media.screening)) : null;
      await this.repos.media.setModeration(media.id, input.action === 'hide' ? 'hidden' : 'clear', reason);
      resolved = await this.repos.reports.resolveOpen(media.id, input.action);
      await this.audit(actor, input.action === 'hide' ? 'hide-media' : 'keep-media', media.id, {
        userId: media.user_id,
        was: media.moderation,
        ...(reason ? { reason } : {}),
        reports: resolved,
      });
      // Told once, when it becomes hidden (a second hide of a hidden item tells nothing new).
      if (input.action === 'hide' && media.moderation !== 'hidden') await this.notifier?.mediaHidden(media.id);
    }
    const ownerBanned = input.banOwner && media.user_id !== null ? await this.setBanned(actor, media.user_id, true) : false;
    if (input.action !== 'keep' || ownerBanned) this.firstScreen.forget();
    return { success: true as const, mediaId: media.id, action: input.action, resolved, ownerBanned };
  }

  settings(): Promise<AdminSettings> {
    return this.launch.read();
  }

  async updateSettings(actor: AdminActor, changes: Partial<AdminSettings>): Promise<AdminSettings> {
    const settings = await this.launch.update(changes);
    // Launching or closing changes whether the home is drawn at all.
    this.firstScreen.forget();
    await this.audit(actor, 'update-settings', null, changes);
    return settings;
  }

  async auditLog(limit: number): Promise<AuditEntry[]> {
    const rows = await this.repos.adminAudit.recent(limit);
    return rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      target: row.target,
      details: row.details,
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /** Records a verification attempt: a wrong secret is worth knowing about too. */
  recordVerify(actor: AdminActor, ok: boolean): Promise<void> {
    return this.audit(actor, ok ? 'sign-in' : 'sign-in-refused', null, {});
  }

  /** Records a wrong operator secret (`kind`: admin, story-editor) and the call it was sent to. */
  recordRefusedSecret(actor: AdminActor, kind: string, call: string): Promise<void> {
    return this.audit(actor, 'secret-refused', null, { kind, call });
  }

  private async userOrThrow(userId: string): Promise<User> {
    const user = await this.repos.users.findById(userId);
    if (!user) throw noSuch('user');
    return user;
  }

  private async audit(actor: AdminActor, action: string, target: string | null, details: Record<string, unknown>): Promise<void> {
    await this.repos.adminAudit.record({ action, target, details, ip: actor.ip });
    this.logger.info({ action, target, ip: actor.ip }, 'admin action');
  }
}

/** The still the queue shows: the thumbnail, else a video's first frame, else the file itself. */
function stillOf(row: Pick<Media, 'thumbnail_url' | 'final_url' | 'type'> & { metadata: Record<string, unknown> }): string | null {
  if (row.thumbnail_url) return row.thumbnail_url;
  if (typeof row.metadata.imageUrl === 'string') return row.metadata.imageUrl;
  return row.type === 'image' ? row.final_url : null;
}

/** The stored screening as the queue shows it; anything else (an older shape) as none. */
function screeningOf(value: unknown): ReviewEntry['screening'] {
  if (!value || typeof value !== 'object') return null;
  const screening = value as Partial<Screening>;
  if (typeof screening.classifier !== 'string' || !screening.scores || typeof screening.scores !== 'object') return null;
  return {
    classifier: screening.classifier,
    scores: Object.fromEntries(Object.entries(screening.scores).filter((entry): entry is [string, number] => typeof entry[1] === 'number')),
    ...(typeof screening.providerFlagged === 'boolean' ? { providerFlagged: screening.providerFlagged } : {}),
    verdict: String(screening.verdict ?? ''),
    screenedAt: String(screening.screenedAt ?? ''),
  };
}

/** The screening's class that scored highest (the reason of a hide nobody reported). */
function topClassOf(screening: Screening | null): string | null {
  const top = Object.entries(screening?.scores ?? {}).sort((a, b) => b[1] - a[1])[0];
  return top ? top[0] : null;
}

function toAdminUserRow(user: User): AdminUserRow {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    createdAt: user.created_at.toISOString(),
    lastActive: user.last_active_at?.toISOString() ?? null,
    credits: user.credits,
    banned: user.banned,
  };
}
