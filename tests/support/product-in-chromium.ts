import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
