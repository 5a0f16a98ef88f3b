import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningProduct, startProduct } from './product';

/** The running product and the Chromium that visits it, for the tests of one `describe`. */
export interface ProductInChromium {
  readonly baseUrl: string;
  readonly browser: Browser;
}

/**
 * Starts the product (with `env`) and Chromium before the enclosing suite's tests and stops both
 * after them. Call it at the top of a `describe`; its fields are there once the tests run.
 */
export function productInChromium(env: Record<string, string> = {}): ProductInChromium {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
  });
  // A failed browser test says what each open page showed: a CI log is all there is to read later.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      for (const page of browser?.contexts().flatMap((context) => context.pages()) ?? []) console.error(await describePage(page));
    });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the product and Chromium start in beforeAll; use them inside a test');
    return value;
  };
  return {
    get baseUrl() {
      return started(product).baseUrl;
    },
    get browser() {
      return started(browser);
    },
  };
}

/** A page's address, its open dialogs and the start of its text; or that it no longer answers (crashed, stuck). */
async function describePage(page: Page): Promise<string> {
  const seen = page
    .evaluate(() => ({
      dialogs: Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'), (node) => node.getAttribute('aria-label') ?? node.textContent?.slice(0, 80) ?? ''),
      text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 600),
    }))
    .then((state) => `dialogs ${JSON.stringify(state.dialogs)}\n  text: ${state.text}`);
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('(the page did not answer within 5 s)'), 5_000).unref());
  const state = await Promise.race([seen, timeout]).catch((error: Error) => `(the page did not answer: ${error.message})`);
  return `page at the failure: ${page.url()}\n  ${state}`;
}
