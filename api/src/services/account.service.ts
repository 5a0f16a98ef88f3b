import { DAILY_TOPUP_FLOOR, PREFLIGHT_MIN_CREDITS } from '@app/shared';
import type { UserProfileResponse, UserSettings } from '@app/shared/api/account';
import type { User } from '@app/shared/server/db';
import type { Logger } from '@app/shared/server/logger';
import { emailChangeCodeMail } from '@app/shared/server/mail';
import { type MediaUrls, type Storage, readObject } from '@app/shared/server/storage';
import { AvatarRefusedError, avatarFolderOf, storeAvatarVariants } from '@app/shared/server/media/avatar-variants';
import { DEFAULT_INGEST_LIMITS } from '@app/shared/server/media/ingest';
import { Semaphore } from '@app/shared/server/concurrency';
import { InvalidInputError } from '@app/shared/server/domain-errors';
import { isUniqueViolation } from '@app/shared/server/db/unique-violation';
import type { FirstScreenService } from './first-screen.service';
import type { RepositoryPorts } from './repository-ports';
import type { MailService } from './mail.service';
import type { OtpService } from './otp.service';
import { toAuthUser } from './presenters';
import { noSuch } from './service-errors';
import { avatarRef } from './own-media';

export const EMAIL_IN_USE = 'That email address is already in use.';

/** A signed-in person's own account: profile, settings, quota, e-mail change and deletion. */
export class AccountService {
  /**
   * Avatar pictures decoded at once in this process: each may hold a full picture's pixels, so a
   * burst of avatar changes queues here instead of filling the api's memory (uploads have their own).
   */
  private readonly avatarDecodes = new Semaphore(1);

  constructor(
    private readonly repos: RepositoryPorts<{
      users: 'update' | 'findByEmail' | 'delete';
      media: 'totalLikesReceived' | 'storageKeysOfUser';
      refreshTokens: 'revokeAllForUser';
      signInCodes: 'deleteForEmail';
    }>,
    /** Reads a new avatar's picture and keeps its small copies (issue 47 §2). */
    private readonly storage: Pick<Storage, 'get' | 'put' | 'delete' | 'deletePrefix'>,
    private readonly otp: Pick<OtpService, 'issue' | 'verify'>,
    private readonly mail: Pick<MailService, 'send'>,
    private readonly logger: Logger,
    /** An avatar must be a file of ours; answers carry its address. */
    private readonly urls: MediaUrls,
    /** A deleted account's public work leaves the drawn home at once. */
    private readonly firstScreen: Pick<FirstScreenService, 'forget'>,
  ) {}

  async profile(user: User): Promise<UserProfileResponse> {
    const totalLikesReceived = await this.repos.media.totalLikesReceived(user.id);
    const view = { ...toAuthUser(user, this.urls), totalLikesReceived };
    return {
      success: true,
      id: user.id,
      email: user.email,
      name: user.name,
      avatar: view.avatar,
      onboarding_completed: user.onboarding_completed,
      createdAt: view.createdAt,
      user: view,
      profile: view,
    };
  }

  /** The empty update sent after every sign-in completes onboarding (spec 3 §4). */
  async updateProfile(user: User, changes: { name?: string; username?: string; avatar?: string; onboarding_completed?: boolean }) {
    const isEmpty = Object.keys(changes).length === 0;
    const avatar = changes.avatar !== undefined ? await this.avatarVariants(user, avatarRef(changes.avatar, this.urls, user.id)) : undefined;
    try {
      const updated = await this.repos.users.update(user.id, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.username !== undefined ? { username: changes.username.toLowerCase() } : {}),
        ...(avatar !== undefined ? { avatar_url: avatar } : {}),
        onboarding_completed: isEmpty ? true : (changes.onboarding_completed ?? user.onboarding_completed),
        last_active_at: new Date(),
      });
      if (!updated) throw noSuch('user');
      // The copies of the avatar replaced are nobody's any more.
      if (avatar !== undefined) await this.dropAvatarCopies(user.avatar_url, avatar);
      return { success: true as const, profile: toAuthUser(updated, this.urls) };
    } catch (error) {
      // A refused update keeps the avatar it had: the copies just made are nobody's.
      if (avatar !== undefined) await this.dropAvatarCopies(avatar, user.avatar_url);
      if (isUniqueViolation(error)) throw new InvalidInputError('That username is taken.', 'USERNAME_TAKEN');
      throw error;
    }
  }

  /**
   * What `avatar_url` stores for a chosen picture: the key of its small square copy, made now
   * (everyone sees avatars at 24–112 px; the original may be megabytes). The avatar already held,
   * sent back unchanged, is kept as it is.
   */
  private async avatarVariants(user: User, key: string): Promise<string> {
    if (key === user.avatar_url) return key;
    const data = await readObject(this.storage, key);
    if (!data) throw new InvalidInputError('avatar: that file is no longer stored. Please upload the photo again.', 'BAD_REQUEST');
    try {
      return await this.avatarDecodes.run(() => storeAvatarVariants(this.storage, user.id, data, DEFAULT_INGEST_LIMITS.maxImagePixels));
    } catch (error) {
      if (error instanceof AvatarRefusedError) throw new InvalidInputError(error.message, 'BAD_REQUEST');
      throw error;
    }
  }

  /** Removes the copies folder of `ref` unless it is the one `kept` names; a failure only leaves files behind. */
  private async dropAvatarCopies(ref: string | null, kept: string | null): Promise<void> {
    const folder = avatarFolderOf(ref);
    if (folder === undefined || folder === avatarFolderOf(kept)) return;
    await this.storage.deletePrefix(`${folder}/`).catch((error: unknown) => this.logger.warn({ err: error, folder }, 'old avatar copies not removed'));
  }

  settings(user: User): { success: true; settings: UserSettings } {
    return { success: true, settings: { share_to_feed: user.share_to_feed, media_upload_agreed: user.media_upload_agreed, notification_digest: user.notification_digest } };
  }

  async updateSettings(user: User, changes: Partial<UserSettings>) {
    const updated = await this.repos.users.update(user.id, {
      ...(changes.share_to_feed !== undefined ? { share_to_feed: changes.share_to_feed } : {}),
      ...(changes.notification_digest !== undefined ? { notification_digest: changes.notification_digest } : {}),
      ...(changes.media_upload_agreed !== undefined
        ? { media_upload_agreed: changes.media_upload_agreed, media_upload_agreed_at: changes.media_upload_agreed ? new Date() : null }
        : {}),
    });
    return this.settings(updated ?? user);
  }

  async acceptUploadAgreement(user: User) {
    if (!user.media_upload_agreed) {
      await this.repos.users.update(user.id, { media_upload_agreed: true, media_upload_agreed_at: new Date() });
    }
    return { success: true as const, settings: { share_to_feed: user.share_to_feed, media_upload_agreed: true, notification_digest: user.notification_digest } };
  }

  quota(user: User) {
    return { success: true as const, quota: { quota_reached: user.credits < PREFLIGHT_MIN_CREDITS, remaining: user.credits } };
  }

  balance(user: User, now = new Date()) {
    // The top-up job runs at midnight UTC (worker/src/compose.ts): the next one is tomorrow's.
    const nextAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
    return { success: true as const, remaining: user.credits, currentBalance: user.credits, dailyTopUp: { level: DAILY_TOPUP_FLOOR, nextAt } };
  }

  async requestEmailChange(user: User, newEmail: string): Promise<void> {
    if (newEmail === user.email) throw new InvalidInputError('That is already your email address.', 'SAME_EMAIL');
    if (await this.repos.users.findByEmail(newEmail)) throw new InvalidInputError(EMAIL_IN_USE, 'EMAIL_IN_USE');
    const code = await this.otp.issue('email_change', newEmail, user.id);
    await this.mail.send(emailChangeCodeMail(newEmail, code));
  }

  async changeEmail(user: User, newEmail: string, otp: string) {
    // The code is bound to the signed-in account: its wrong guesses are the owner's own (10 a day).
    await this.otp.verify('email_change', newEmail, otp, user.id);
    try {
      await this.repos.users.update(user.id, { email: newEmail });
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidInputError(EMAIL_IN_USE, 'EMAIL_IN_USE');
      throw error;
    }
    return { success: true as const, newEmail };
  }

  /** Files first (a failure leaves the account to retry with), then every row, by cascade. */
  async deleteAccount(user: User): Promise<void> {
    const keys = await this.repos.media.storageKeysOfUser(user.id);
    await this.storage.deletePrefix(`users/${user.id}`);
    for (const key of keys) {
      if (!key.startsWith(`users/${user.id}/`)) await this.storage.delete(key);
    }
    await this.repos.refreshTokens.revokeAllForUser(user.id);
    await this.repos.signInCodes.deleteForEmail(user.email);
    await this.repos.users.delete(user.id);
    this.firstScreen.forget();
    this.logger.info({ userId: user.id, files: keys.length }, 'account deleted');
  }
}
