import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, vp, dsf] of [['m', { width: 390, height: 844 }, 2], ['d', { width: 1440, height: 900 }, 1]]) {
  const page = await b.newPage({ viewport: vp, deviceScaleFactor: dsf });
  await page.goto('http://127.0.0.1:4700/' + (process.argv[2] ?? ''));
  await page.waitForTimeout(3500);
  await page.screenshot({ path: `/tmp/probe/home-${name}.png` });
}
await b.close();
