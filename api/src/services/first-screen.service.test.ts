import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NotFoundError } from '@app/shared/server/domain-errors';
import { createLogger } from '@app/shared/server/logger';
import { afterAll, describe, expect, it } from 'vitest';
import { toFeedItem } from '@app/shared/server/media/media-presenter';
import { aFeedRow, testMediaUrls } from '../../testing/rows';
import type { AppInfoService } from './app-info.service';
import type { FeedService } from './feed.service';
import { FirstScreenService } from './first-screen.service';

const silent = createLogger({ log: { level: 'silent', pretty: false } }, 'first-screen-test');

/**
 * A web build with a stand-in server bundle: each render answers the page and the id it drew and
 * counts itself (globalThis.renders), so a test sees which answers were drawn again.
 */
function fakeWebBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-service-'));
  fs.mkdirSync(path.join(root, 'dist/.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist/.vite/manifest.json'), '{}');
  fs.writeFileSync(
    path.join(root, 'dist-ssr/entry-server.js'),
    `const render = (data) => { globalThis.renders = (globalThis.renders ?? 0) + 1; return Promise.resolve({ markup: data.page + ':' + (data.media?.item.id ?? ''), head: '', state: '{}' }); };
export const renderHome = render;
export const renderMedia = render;
export const firstScreenAssets = () => ({ entry: '/assets/boot.js', stylesheets: { home: ['/assets/home.css'], media: ['/assets/viewer.css'] }, modules: { home: ['/assets/home.js'], media: ['/assets/viewer.js'] } });`,
  );
  return root;
}

const renders = () => (globalThis as { renders?: number }).renders ?? 0;

describe('FirstScreenService: a creation’s page', () => {
  const root = fakeWebBuild();
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const PUBLIC = '00000000-0000-4000-8000-000000000001';

  function service() {
    let now = 1_000_000;
    const feed: Pick<FeedService, 'page' | 'trending' | 'item'> = {
      page: () => Promise.reject(new Error('not asked here')),
      trending: () => Promise.reject(new Error('not asked here')),
      item: (id: string) =>
        id === PUBLIC
          ? Promise.resolve({ success: true as const, item: toFeedItem(aFeedRow({ id }), testMediaUrls) })
          : Promise.reject(new NotFoundError('Media not found.', 'MEDIA_NOT_FOUND')),
    };
    const appInfo: Pick<AppInfoService, 'launchStatus'> = {
      launchStatus: () => Promise.resolve({ success: true as const, launch: { is_launched: true }, signUpOpen: true }),
    };
    const screens = new FirstScreenService(feed, appInfo, path.join(root, 'dist'), silent, () => now);
    return { screens, later: (ms: number) => void (now += ms) };
  }

  it('draws the viewer of a public creation with the viewer’s stylesheets, reused for a second per id and device', async () => {
    const { screens, later } = service();
    const drawn = await screens.media(PUBLIC, { phone: true });
    expect(drawn).toEqual({ markup: `media:${PUBLIC}`, head: '', state: '{}', assets: { entry: '/assets/boot.js', stylesheets: ['/assets/viewer.css'], modules: ['/assets/viewer.js'] } });
    const before = renders();
    await screens.media(PUBLIC, { phone: true });
    expect(renders()).toBe(before);
    // Another kind of device is drawn on its own.
    await screens.media(PUBLIC, { phone: false });
    expect(renders()).toBe(before + 1);
    later(1000);
    await screens.media(PUBLIC, { phone: true });
    expect(renders()).toBe(before + 2);
  });

  it('draws nothing for a creation a visitor may not see, and draws again at once after forget()', async () => {
    const { screens } = service();
    expect(await screens.media('00000000-0000-4000-8000-000000000002', { phone: true })).toBeUndefined();
    expect(await screens.media('not-an-id', { phone: true })).toBeUndefined();
    await screens.media(PUBLIC, { phone: true });
    const before = renders();
    screens.forget();
    await screens.media(PUBLIC, { phone: true });
    expect(renders()).toBe(before + 1);
  });
});
