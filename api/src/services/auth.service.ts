import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { INVITED_BONUS_CREDITS, SIGNUP_CREDITS } from '@app/shared';
import type { RefreshTokenResponse, VerifyOtpResponse } from '@app/shared/api/auth';
import type { User } from '@app/shared/server/db';
import { isUniqueViolation } from '@app/shared/server/db/unique-violation';
import { displayNameFromEmail, usernameBaseFromEmail, usernameCandidates } from '@app/shared/server/account-names';
import { signInCodeMail } from '@app/shared/server/mail';
import { NotAllowedError, NotAuthenticatedError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import type { MailService } from './mail.service';
import { type Client, GUESSING_CLOSED, type OtpService } from './otp.service';
import { toAuthUser } from './presenters';
import type { RepositoryPorts } from './repository-ports';
import type { MediaUrls } from '@app/shared/server/storage';
import type { LaunchSettings } from './launch-settings';
import type { SessionDenylist } from './session-denylist';
import { type TokenService, hashToken } from './tokens';

export const BETA_FULL = 'Beta full. Join the waitlist to be first in line for the next drop.';
export const ACCOUNT_SUSPENDED = 'This account has been suspended.';
export const INVALID_REFRESH = 'Your session has ended. Please sign in again.';
/** A client the account started a session from within this many days is the owner's own for code guessing. */
export const KNOWN_CLIENT_DAYS = 30;

/** What creating an account writes, in one transaction. */
type SignUpRepositories = RepositoryPorts<{ users: 'findByEmail' | 'findById' | 'create' | 'takenUsernames'; credits: 'apply'; referrals: 'recordSignup' }>;

type AuthRepositories = RepositoryPorts<{
  users: 'findByEmail' | 'findById';
  refreshTokens: 'findByHash' | 'create' | 'markUsed' | 'revokeFamily' | 'revokeAllForUser' | 'usedFrom';
}> & { transaction<T>(fn: (repos: SignUpRepositories) => Promise<T>): Promise<T> };

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The browser carries the mark of a sign-in to the address in question (`SignInDevices`). */
  signedInHere?: boolean;
}

/** Sign-in by e-mail code: codes, account creation with its credits, and rotating sessions. */
export class AuthService {
  constructor(
    private readonly repos: AuthRepositories,
    private readonly otp: Pick<OtpService, 'issue' | 'verify' | 'closedTo'>,
    private readonly mail: Pick<MailService, 'send'>,
    private readonly tokens: Pick<TokenService, 'signAccessToken' | 'newRefreshToken' | 'successorRefreshToken'>,
    private readonly launch: Pick<LaunchSettings, 'signUpOpen'>,
    private readonly denylist: Pick<SessionDenylist, 'deny'>,
    private readonly urls: MediaUrls,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Existing accounts may always sign in; new ones only while the beta has room. */
  async canSignUp(email: string): Promise<boolean> {
    return (await this.launch.signUpOpen()) || (await this.repos.users.findByEmail(email)) !== undefined;
  }

  /**
   * The client asking for or entering a code: its IP, and whether it is the owner's own (then it
   * has a wrong-guess budget of its own, apart from strangers', and skips the address's code cap):
   * a browser that signed in to this address (`signedInHere`, its device mark), or an address the
   * account started a session from in the last 30 days.
   */
  async codeClient(email: string, ip: string | undefined, signedInHere = false): Promise<Client> {
    const id = ip ?? 'unknown';
    if (signedInHere) return { id, known: true };
    const account = ip ? await this.repos.users.findByEmail(email) : undefined;
    const since = new Date(this.now().getTime() - KNOWN_CLIENT_DAYS * 24 * 60 * 60 * 1000);
    return { id, known: account !== undefined && (await this.repos.refreshTokens.usedFrom(account.id, id, since)) };
  }

  /**
   * Mails a sign-in code for `client` (only it can use the code). A suspended account gets none,
   * and the caller the same answer as anyone else (the spec names no text for it), so typing an
   * address never reveals a ban. A client whose guesses are closed for the day gets no code either.
   */
  async requestCode(email: string, client: Client): Promise<void> {
    const account = await this.repos.users.findByEmail(email);
    if (!account && !(await this.launch.signUpOpen())) throw new NotAllowedError(BETA_FULL, 'BETA_FULL');
    if (account?.banned) return;
    if (await this.otp.closedTo('sign_in', email, client)) throw new TooManyRequestsError(GUESSING_CLOSED, 'GUESSING_CLOSED');
    const code = await this.otp.issue('sign_in', email, undefined, client);
    await this.mail.send(signInCodeMail(email, code));
  }

  async verifyCode(input: { email: string; code: string; referrerEmail?: string }, client: ClientInfo): Promise<VerifyOtpResponse> {
    await this.otp.verify('sign_in', input.email, input.code, undefined, await this.codeClient(input.email, client.ip, client.signedInHere));
    const { user, isNewUser } = await this.findOrCreateAccount(input.email, input.referrerEmail, client);
    if (user.banned) throw new NotAllowedError(ACCOUNT_SUSPENDED, 'ACCOUNT_SUSPENDED');
    const sessionId = randomUUID();
    const refreshToken = await this.startSession(user.id, sessionId, client);
    const accessToken = await this.tokens.signAccessToken(user.id, sessionId);
    // `token` repeats the access token for clients that read "accessToken or token" (spec 3 §3).
    return { success: true, accessToken, token: accessToken, refreshToken, user: toAuthUser(user, this.urls), isNewUser };
  }

  /**
   * Rotation with theft detection that a client keeping its first token survives: the token sent
   * is spent and its successor (derived from it, see TokenService) answered. The spent token sent
   * again while that successor was never used answers the same successor again; sent again after
   * the successor was used, it means two holders, and the whole session ends.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<RefreshTokenResponse> {
    const repo = this.repos.refreshTokens;
    const stored = await repo.findByHash(hashToken(refreshToken));
    if (!stored || stored.revoked_at || stored.expires_at.getTime() <= this.now().getTime()) {
      throw new NotAuthenticatedError(INVALID_REFRESH, 'INVALID_REFRESH_TOKEN');
    }
    const successor = this.tokens.successorRefreshToken(refreshToken);
    if (stored.used_at === null) {
      // The successor exists before the token is marked spent, so a request racing this one
      // (two tabs refreshing at once) finds it and gets the same answer.
      await repo.create({ userId: stored.user_id, familyId: stored.family_id, tokenHash: successor.hash, expiresAt: successor.expiresAt, userAgent: client.userAgent ?? null, ip: client.ip ?? null });
      await repo.markUsed(stored.id);
    } else {
      const next = await repo.findByHash(successor.hash);
      if (!next || next.used_at || next.revoked_at) {
        await this.endSession(stored.family_id);
        throw new NotAuthenticatedError(INVALID_REFRESH, 'REFRESH_TOKEN_REUSED');
      }
    }
    const user = await this.repos.users.findById(stored.user_id);
    if (!user || user.banned) {
      await this.endSession(stored.family_id);
      throw user ? new NotAllowedError(ACCOUNT_SUSPENDED) : new NotAuthenticatedError(INVALID_REFRESH);
    }
    const accessToken = await this.tokens.signAccessToken(user.id, stored.family_id);
    return { success: true, accessToken, refreshToken: successor.token };
  }

  /** Ends the session of the given refresh token, or every session of the user without one. */
  async logout(userId: string | undefined, refreshToken?: string): Promise<void> {
    const repo = this.repos.refreshTokens;
    if (refreshToken) {
      const stored = await repo.findByHash(hashToken(refreshToken));
      if (stored && (userId === undefined || stored.user_id === userId)) await this.endSession(stored.family_id);
      return;
    }
    if (userId) await this.denylist.deny(await repo.revokeAllForUser(userId));
  }

  /**
   * The one place a session (a refresh-token family) is ended: its refresh tokens are revoked
   * and its access tokens denied until they would have expired.
   */
  private async endSession(familyId: string): Promise<void> {
    await this.repos.refreshTokens.revokeFamily(familyId);
    await this.denylist.deny([familyId]);
  }

  private async startSession(userId: string, familyId: string, client: ClientInfo): Promise<string> {
    const { token: refreshToken, hash, expiresAt } = this.tokens.newRefreshToken();
    await this.repos.refreshTokens.create({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt,
      userAgent: client.userAgent ?? null,
      ip: client.ip ?? null,
    });
    return refreshToken;
  }

  private async findOrCreateAccount(email: string, referrerEmail: string | undefined, client: ClientInfo) {
    const existing = await this.repos.users.findByEmail(email);
    if (existing) return { user: existing, isNewUser: false };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.repos.transaction((repos) => this.createAccount(repos, email, referrerEmail, client));
      } catch (error) {
        // Two verifications of one new e-mail raced: the other created the account.
        const raced = await this.repos.users.findByEmail(email);
        if (raced) return { user: raced, isNewUser: false };
        // Another sign-up took the username picked meanwhile: the next pick skips it.
        if (!isUniqueViolation(error) || attempt >= USERNAME_ATTEMPTS) throw error;
      }
    }
  }

  /** The account with its display name and username (derived from the address), sign-up credits and referral. */
  private async createAccount({ users, credits, referrals }: SignUpRepositories, email: string, referrerEmail: string | undefined, client: ClientInfo) {
    const referrer = referrerEmail && referrerEmail !== email ? await users.findByEmail(referrerEmail) : undefined;
    const username = await freeUsername(users, usernameBaseFromEmail(email));
    const created = await users.create({
      email,
      name: displayNameFromEmail(email, username),
      username,
      referral_code: randomBytes(6).toString('base64url'),
      referrer_id: referrer?.id ?? null,
      signup_ip: client.ip ?? null,
    });
    await credits.apply({ userId: created.id, delta: SIGNUP_CREDITS, reason: 'signup', idempotencyKey: `signup:${created.id}` });
    if (referrer) {
      await credits.apply({
        userId: created.id,
        delta: INVITED_BONUS_CREDITS,
        reason: 'invited_bonus',
        idempotencyKey: `invited-bonus:${created.id}`,
      });
      await referrals.recordSignup(referrer.id, email, created.id);
    }
    const user = (await users.findById(created.id)) as User;
    return { user, isNewUser: true };
  }
}

/** Sign-ups that may lose the race for a username before one gives up. */
const USERNAME_ATTEMPTS = 3;

/**
 * The first free username for a base: the base itself, then base2…base9 ("olga.ui4_2" after a
 * digit), then random numbers up to five digits, so a common name costs a few queries at most.
 */
async function freeUsername(users: Pick<SignUpRepositories['users'], 'takenUsernames'>, base: string): Promise<string> {
  const randomSuffixes = () => Array.from({ length: 10 }, () => 10 + randomInt(99_990));
  for (const suffixes of [[1, 2, 3, 4, 5, 6, 7, 8, 9], randomSuffixes(), randomSuffixes(), randomSuffixes()]) {
    const candidates = usernameCandidates(base, suffixes);
    const taken = await users.takenUsernames(candidates);
    const free = candidates.find((name) => !taken.has(name));
    if (free) return free;
  }
  throw new Error(`No free username for "${base}"`);
}
