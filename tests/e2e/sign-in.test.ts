import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { newEmail, requestCode, signedInPage, signInThroughUi } from '../support/ui-sign-in';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

async function outbox(baseUrl: string, email: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits for a new message to `email` (more than `seen` of them) and reads its 6-digit code. */
async function waitForCode(baseUrl: string, email: string, seen = 0): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const messages = await outbox(baseUrl, email);
    const newest = messages[0];
    if (messages.length > seen && newest) {
      const code = /\b(\d{6})\b/.exec(newest.text)?.[1];
      if (!code) throw new Error(`no 6-digit code in the e-mail: ${newest.text}`);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail reached ${email} within 30 s`);
}

function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    refreshToken: localStorage.getItem('refresh_token'),
    user: JSON.parse(localStorage.getItem('user_data') ?? 'null') as { email: string } | null,
  }));
}

describe('e-mail code sign-in in Chromium', () => {
  const app = productInChromium();

  it('signs a new user in with the e-mailed code, keeps them signed in across a reload, and logs out', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    const profileUpdates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/update-profile')) profileUpdates.push(request.postData() ?? '');
    });
    const email = newEmail('new-user');

    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Sign in to Mirrorverse' }).waitFor();
    await screenshot(page, 'signin-auth-email-desktop');

    await requestCode(page, email);
    await page.getByText('Login code sent to your email!').waitFor();
    expect(await page.getByText(/Code expires in \d+:\d\d/).first().textContent()).toMatch(/(10:00|9:[0-5]\d)/);
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    const code = await waitForCode(app.baseUrl, email);
    await page.getByLabel('6-digit code').fill(code.slice(0, 3));
    await screenshot(page, 'signin-auth-code-desktop');

    // The sixth digit sends the code on its own.
    await page.getByLabel('6-digit code').fill(code);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByText('Login successful!').waitFor();
    await page.getByRole('link', { name: 'My Profile' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);

    const session = await storedSession(page);
    expect(session.token?.split('.')).toHaveLength(3);
    expect(session.refreshToken).toBeTruthy();
    expect(session.user?.email).toBe(email);

    // After sign-in the app sends an empty profile update; the server completes the onboarding then.
    await expect.poll(() => profileUpdates).toContain('{}');
    await expect
      .poll(async () => {
        const res = await fetch(`${app.baseUrl}/api/get-user-profile`, {
          headers: { Authorization: `Bearer ${(await storedSession(page)).token}` },
        });
        return ((await res.json()) as { onboarding_completed?: boolean }).onboarding_completed;
      })
      .toBe(true);

    await page.reload();
    await page.getByRole('link', { name: 'My Profile' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).first().isVisible()).toBe(true);

    const signedIn = await storedSession(page);
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/logout'));
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedSession(page)).toEqual({ token: null, refreshToken: null, user: null });
    // The server ended the session too: its refresh token no longer works.
    expect((await loggedOut).status()).toBe(200);
    const reuse = await fetch(`${app.baseUrl}/api/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: signedIn.refreshToken }),
    });
    expect(reuse.status).toBe(401);
    await page.close();
  });

  it('shows the invite banner and signs in on a phone', async () => {
    const page = await app.browser.newPage({ ...PHONE });
    const email = newEmail('invited');
    const verifyBodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/verify-otp')) verifyBodies.push(request.postData() ?? '');
    });
    await page.goto(`${app.baseUrl}/auth?referrer=${encodeURIComponent('maria.lopez@example.com')}`);
    await page.getByText("You're invited by maria.lopez! Get 10 bonus credits when you sign up").waitFor();
    await screenshot(page, 'signin-auth-email-mobile');

    await requestCode(page, email);
    const code = await waitForCode(app.baseUrl, email);
    await page.getByLabel('6-digit code').fill(code.slice(0, 4));
    await screenshot(page, 'signin-auth-code-mobile');
    await page.getByLabel('6-digit code').fill(code);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Profile' }).waitFor();
    expect(JSON.parse(verifyBodies[0] ?? '{}')).toMatchObject({ email, code, referrerEmail: 'maria.lopez@example.com' });
    await page.close();
  });

  it('says Invalid code for a wrong code, and asks for all 6 digits', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    const email = newEmail('wrong-code');
    await page.goto(`${app.baseUrl}/auth`);
    await requestCode(page, email);
    const code = await waitForCode(app.baseUrl, email);

    await page.getByLabel('6-digit code').fill('12a3');
    expect(await page.getByLabel('6-digit code').inputValue()).toBe('123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter a valid 6-digit code').waitFor();

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByText('Invalid code', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect((await storedSession(page)).token).toBeNull();

    // The right code still works after a wrong one.
    await page.getByLabel('6-digit code').fill(code);
    await page.waitForURL(`${app.baseUrl}/`);

    // Back to Email starts over.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.goto(`${app.baseUrl}/auth`);
    await requestCode(page, newEmail('back'));
    await page.getByRole('button', { name: 'Back to Email' }).click();
    await page.getByRole('heading', { name: 'Sign in to Mirrorverse' }).waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe('');
    await page.close();
  });

  it('changes the e-mail address and deletes the account from the Account tab', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    const email = newEmail('account');
    await signInThroughUi(page, app.baseUrl, email);

    await page.goto(`${app.baseUrl}/profile?tab=account`);
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    const current = page.getByRole('textbox', { name: 'Email address' });
    await expect.poll(() => current.inputValue()).toBe(email);
    expect(await current.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();
    await screenshot(page, 'signin-account-desktop');

    // Change Email's second step takes the keyboard: the code field has the focus once the code is
    // sent (the Send Code button it was on got disabled), and Escape closes the dialog.
    const dialog = page.getByRole('dialog', { name: 'Change Email' });
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await dialog.getByLabel('New email address').fill(newEmail('abandoned'));
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Verification code sent to your new email address!').waitFor();
    await dialog.getByText('Enter the 6-digit code we sent to').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
    await page.keyboard.type('12');
    expect(await dialog.getByLabel('Verification code').inputValue()).toBe('12');
    // A window narrowed to a phone's width for a moment (under a second) and widened again keeps
    // the open dialog and what was typed in it: the page stays mounted under the guard's overlay.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: wide.height });
    await page.getByText('Opening your gallery…').waitFor();
    await page.setViewportSize(wide);
    await page.getByText('Opening your gallery…').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Verification code').inputValue()).toBe('12');
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Change Email: the new address, its code, Update Email.
    const changed = newEmail('changed');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog.getByText('Enter a new email address').waitFor();
    await dialog.getByLabel('New email address').fill(changed);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    // The code step again (the first send's toast may still be showing beside this one's).
    await dialog.getByText(`Enter the 6-digit code we sent to ${changed}`).waitFor();
    await dialog.getByRole('button', { name: 'Update Email' }).click();
    await dialog.getByText('Enter the verification code').waitFor();
    await dialog.getByLabel('Verification code').fill(await waitForCode(app.baseUrl, changed));
    await screenshot(page, 'signin-change-email-desktop');
    await dialog.getByRole('button', { name: 'Update Email' }).click();
    await page.getByText('Email updated successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => current.inputValue()).toBe(changed);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(changed);

    // Delete Account: the list, then Delete Account Permanently.
    await page.evaluate(() => {
      for (const key of ['token_usage', 'token_generations', 'referral_codes']) localStorage.setItem(key, '1');
    });
    const { token } = await storedSession(page);
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Account' });
    await confirm.getByText('All media and content').waitFor();
    await confirm.getByText('All data and settings').waitFor();
    await screenshot(page, 'signin-delete-account-desktop');
    await confirm.getByRole('button', { name: 'Delete Account Permanently' }).click();
    await page.getByText('Your account has been permanently deleted').waitFor();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(
      await page.evaluate(() =>
        ['auth_token', 'refresh_token', 'user_data', 'token_usage', 'token_generations', 'referral_codes'].map((key) =>
          localStorage.getItem(key),
        ),
      ),
    ).toEqual([null, null, null, null, null, null]);
    const afterwards = await fetch(`${app.baseUrl}/api/get-user-profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect([401, 404]).toContain(afterwards.status);
    await page.close();
  });

  it('keeps two tabs of one browser in step: a sign-in and a logout in one show in the other', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const [first, second] = [await context.newPage(), await context.newPage()];
    await second.goto(app.baseUrl);
    await second.getByRole('link', { name: 'Login' }).first().waitFor();

    await signInThroughUi(first, app.baseUrl, newEmail('two-tabs'));
    await second.getByRole('link', { name: 'My Profile' }).first().waitFor();

    await second.getByRole('button', { name: 'Logout' }).first().click();
    await first.getByRole('link', { name: 'Login' }).first().waitFor();
    await context.close();
  });

  it('sends a signed-out visitor from /profile to /auth, and a phone from /profile to its gallery', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.baseUrl}/profile?tab=account`);
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.close();

    // On a phone the profile lives in /gallery (spec 3 mobile route guards).
    const phone = await signedInPage(app, 'phone', { ...PHONE });
    await phone.goto(`${app.baseUrl}/profile?tab=account`);
    await phone.waitForURL(`${app.baseUrl}/gallery`);
    await screenshot(phone, 'signin-profile-redirect-mobile');
    await phone.close();
  });

  it('refreshes an expired access token once, keeping the rotated refresh token', async () => {
    const page = await signedInPage(app, 'refresh', { viewport: DESKTOP });
    const before = await storedSession(page);

    // A well-formed token the server refuses stands in for an expired one.
    await page.evaluate(() => localStorage.setItem('auth_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bad-signature'));
    const refreshed = page.waitForResponse((res) => res.url().endsWith('/refresh-token'));
    await page.goto(`${app.baseUrl}/profile?tab=account`);
    expect((await refreshed).status()).toBe(200);
    await expect.poll(async () => (await storedSession(page)).refreshToken).not.toBe(before.refreshToken);
    await expect.poll(() => page.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(before.user?.email);
    expect(await page.getByText('Session Expired').count()).toBe(0);
    await page.close();
  });

  it('says Session Expired, signs out and goes to /auth when the refresh fails', async () => {
    const page = await signedInPage(app, 'expired', { viewport: DESKTOP });
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bad-signature');
      localStorage.setItem('refresh_token', 'spent-or-unknown-refresh-token-0000000000');
    });
    await page.goto(`${app.baseUrl}/profile?tab=account`);
    const alert = page.getByRole('alertdialog', { name: 'Session Expired' });
    await alert.getByText('For your security, please sign in again.').waitFor();
    await page.waitForURL(`${app.baseUrl}/auth`);
    expect((await storedSession(page)).token).toBeNull();
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Sign in to Mirrorverse' }).waitFor();
    await page.close();
  });
});

describe('sign-in while the beta is full', () => {
  const app = productInChromium({ BETA_ACCOUNT_CAP: '0' });

  it('offers the waitlist, and the Join Waitlist modal signs up and closes', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    const email = newEmail('waitlisted');
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send login code' }).click();
    await page.getByText('Beta full. Join the waitlist to be first in line for the next drop.').waitFor();
    expect(await page.getByRole('heading', { name: 'Check your email' }).count()).toBe(0);

    // The one beside the message (the top bar has its own Join Waitlist button while the beta is full).
    await page.getByRole('main').getByRole('button', { name: 'Join Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
    await screenshot(page, 'signin-waitlist-modal-desktop');

    const signup = page.waitForResponse((res) => res.url().endsWith('/waitlist-signup'));
    await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
    expect((await signup).status()).toBe(200);
    const joined = dialog.getByRole('status');
    await joined.waitFor();
    // The modal closes itself 1.5 s after this shows: on a busy machine it may already be going,
    // which cancels (rejects) its animations.
    await joined
      .evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => {}))), undefined, { timeout: 5_000 })
      .catch(() => {});
    await screenshot(page, 'signin-waitlist-joined-desktop');
    // The success callback closes the modal 1.5 s later.
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    await page.close();
  });

  it('offers Join Waitlist beside Login in the top bar, and it says the beta is full', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(app.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await nav.getByRole('button', { name: 'Join Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' });
    await dialog.getByText('The beta is full right now.', { exact: false }).waitFor();
    expect(await dialog.getByText('Sign-up is open').count()).toBe(0);
    await page.close();
  });

  it('shows the same waitlist on a phone', async () => {
    const page = await app.browser.newPage({ ...PHONE });
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Email address').fill(newEmail('phone-waitlist'));
    await page.getByRole('button', { name: 'Send login code' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByRole('dialog', { name: 'Join the Waitlist' }).waitFor();
    await screenshot(page, 'signin-waitlist-modal-mobile');
    await page.close();
  });
});
