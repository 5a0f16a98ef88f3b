import type { Browser, Page } from 'playwright-core';
import type { ProductInChromium } from './product-in-chromium';

/** The two boxes of the Media Upload Agreement (spec 1 §5). */
export const AGREEMENT = [
  'I confirm that I have the legal rights to upload this media (no people under 18 or without consent).',
  'I agree to follow the content policy (no violence or explicit themes; misuse may lead to a ban or loss of access without refund).',
];

interface OutboxMessage {
  text: string;
  sentAt: string;
}

let counter = 0;
export function newEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The newest 6-digit code mailed to `email` after `after` (the development outbox). */
export async function waitForCode(baseUrl: string, email: string, after: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    const code = messages.find((message) => Date.parse(message.sentAt) >= after)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail reached ${email} within 30 s`);
}

export interface ApiSession {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string };
}

/** A new person signed in through the api as the browser would (request-otp, the outbox's code, verify-otp). */
export async function signInThroughApi(baseUrl: string, email: string): Promise<ApiSession> {
  const post = (name: string, body: unknown) =>
    fetch(`${baseUrl}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const asked = Date.now() - 1000;
  const requested = await post('request-otp', { email });
  if (requested.status !== 200) throw new Error(`request-otp answered ${requested.status}`);
  const verified = await post('verify-otp', { email, code: await waitForCode(baseUrl, email, asked) });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
  return (await verified.json()) as ApiSession;
}

/** Step 1 of /auth: the address, then Send login code, until the code step shows. */
export async function requestCode(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send login code' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
}

/** Signs a new person in through /auth with the code from the outbox; ends on /. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  const asked = Date.now() - 1000;
  await requestCode(page, email);
  await page.getByLabel('6-digit code').fill(await waitForCode(baseUrl, email, asked));
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('link', { name: 'My Profile' }).first().waitFor();
}

/**
 * A new page of `app`'s Chromium (`options`: its viewport…) in which a new person, at an address
 * of their own made from `label`, has signed in through /auth; it ends on /.
 */
export async function signedInPage(app: ProductInChromium, label: string, options: Parameters<Browser['newPage']>[0]): Promise<Page> {
  const page = await app.browser.newPage(options);
  await signInThroughUi(page, app.baseUrl, newEmail(label));
  return page;
}

/** Ticks both boxes of the agreement and accepts it. */
export async function acceptAgreement(page: Page): Promise<void> {
  const agreement = page.getByRole('dialog', { name: 'Media Upload Agreement' });
  await agreement.waitFor();
  for (const text of AGREEMENT) await agreement.getByText(text).click();
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await agreement.waitFor({ state: 'detached' });
}
