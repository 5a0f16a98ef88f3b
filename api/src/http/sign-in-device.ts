import { createHmac } from 'node:crypto';
import type { Request, Response } from 'express';
import { sameSecret } from '@app/shared/server/access';
import { cookieValue } from './cookies';

export const SIGN_IN_DEVICE_COOKIE = 'mv_sign_in_device';

/**
 * The mark a browser gets when it signs in with a code: "this browser signed in to this address".
 * Asking for a code with it, from any network, is the owner's own client: it skips the address's
 * 20-codes-an-hour cap that strangers can spend, and keeps a wrong-guess budget of its own
 * (docs/decisions.md, "Sign-in codes strangers cannot use up"). The cookie holds an expiry and
 * an HMAC of (address, expiry) under the server's signing secret, never the address itself.
 */
export class SignInDevices {
  constructor(
    private readonly secret: string,
    private readonly days: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Marks the browser of `res` as signed in to `email`, for `days` from now. */
  remember(req: Pick<Request, 'secure'>, res: Response, email: string): void {
    const expires = Math.floor(this.now().getTime() / 1000) + this.days * 24 * 60 * 60;
    res.cookie(SIGN_IN_DEVICE_COOKIE, `${expires}.${this.sign(email, expires)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/',
      maxAge: this.days * 24 * 60 * 60 * 1000,
    });
  }

  /** Whether the request comes from a browser that signed in to `email` and whose mark is still good. */
  vouchesFor(req: Pick<Request, 'headers'>, email: string): boolean {
    const [expires, signature] = (cookieValue(req, SIGN_IN_DEVICE_COOKIE) ?? '').split('.');
    const at = Number(expires);
    return Number.isSafeInteger(at) && at > this.now().getTime() / 1000 && sameSecret(signature, this.sign(email, at));
  }

  private sign(email: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`sign-in-device:${email}:${expires}`).digest('base64url');
  }
}
