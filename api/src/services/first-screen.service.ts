import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FEED_PAGE_SIZE } from '@app/shared';
import type { BuildManifestChunk, FirstScreenAssets, FirstScreenRenderer, RenderedFirstScreen } from '@app/shared/api/first-screen';
import type { Logger } from '@app/shared/server/logger';
import type { AppInfoService } from './app-info.service';
import type { FeedService } from './feed.service';

/**
 * How long a drawn home is shown again as it is: its feed is at most this old, and a crowd of
 * visitors costs one render a second per kind of device, not one each.
 */
const REUSE_MS = 1000;

/** The home's first screen for index.html: its markup and state, and the files it loads. */
export interface HomeFirstScreen extends RenderedFirstScreen {
  assets: FirstScreenAssets;
}

/**
 * Renders the home's first screen on the server with the web's own code (its server bundle,
 * web/dist-ssr/entry-server.js, built beside web/dist), from the same answers getPublicFeed and
 * getTrending give a visitor: the phone sees the feed without waiting for the app (issue 27).
 * Without that bundle, or when a render fails, the page is served as built and the app draws it.
 */
export class FirstScreenService {
  private loaded: Promise<{ renderer: FirstScreenRenderer; assets: FirstScreenAssets } | null> | null = null;

  constructor(
    private readonly feed: Pick<FeedService, 'page' | 'trending'>,
    private readonly appInfo: Pick<AppInfoService, 'launchStatus'>,
    private readonly webDistDir: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private readonly recent = new Map<boolean, { at: number; screen: Promise<HomeFirstScreen | undefined> }>();

  /** The home as a signed-out visitor on this device sees it, or undefined (serve the page as built). */
  home({ phone }: { phone: boolean }): Promise<HomeFirstScreen | undefined> {
    const recent = this.recent.get(phone);
    if (recent && this.now() - recent.at < REUSE_MS) return recent.screen;
    const screen = this.draw(phone);
    this.recent.set(phone, { at: this.now(), screen });
    return screen;
  }

  /** Draws the next home afresh: an item that just left the public (hidden, deleted, its owner banned) leaves it at once. */
  forget(): void {
    this.recent.clear();
  }

  private async draw(phone: boolean): Promise<HomeFirstScreen | undefined> {
    const loaded = await this.load();
    if (!loaded) return undefined;
    try {
      // Before launch the app shows the coming-soon page instead: nothing to draw here.
      if ((await this.appInfo.launchStatus()).launch?.is_launched === false) return undefined;
      const [feed, trending] = await Promise.all([this.feed.page({ limit: FEED_PAGE_SIZE }), this.feed.trending()]);
      const rendered = await loaded.renderer.renderHome({ feed, trending, phone });
      return { ...rendered, assets: loaded.assets };
    } catch (error) {
      this.logger.warn({ err: error }, 'the home could not be rendered on the server; served as built');
      return undefined;
    }
  }

  private load() {
    this.loaded ??= this.import().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'the web server bundle could not be loaded; pages are served as built');
      return null;
    });
    return this.loaded;
  }

  private async import() {
    const entry = firstScreenRendererPath(this.webDistDir);
    if (!fs.existsSync(entry)) return null;
    const renderer = (await import(pathToFileURL(entry).href)) as FirstScreenRenderer;
    const manifest = JSON.parse(fs.readFileSync(path.join(this.webDistDir, '.vite/manifest.json'), 'utf8')) as Record<string, BuildManifestChunk>;
    return { renderer, assets: renderer.firstScreenAssets(manifest) };
  }
}

/** The web's server bundle, built beside the client build (`npm run build:web`: web/dist and web/dist-ssr). */
export function firstScreenRendererPath(webDistDir: string): string {
  return path.join(path.dirname(webDistDir), 'dist-ssr', 'entry-server.js');
}
