import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FEED_PAGE_SIZE } from '@app/shared';
import type {
  BuildManifestChunk,
  FirstScreenAssets,
  FirstScreenData,
  FirstScreenPageAssets,
  FirstScreenRenderer,
  RenderedFirstScreen,
} from '@app/shared/api/first-screen';
import { NotFoundError } from '@app/shared/server/domain-errors';
import type { Logger } from '@app/shared/server/logger';
import type { AppInfoService } from './app-info.service';
import type { FeedService } from './feed.service';

/**
 * How long a drawn page is shown again as it is: its feed or creation is at most this old, and a
 * crowd of visitors costs one render a second per page and kind of device, not one each. A
 * takedown in this process calls forget(); the other api processes draw theirs again within this
 * second, well inside the 2 s a takedown may take (issue 42).
 */
const REUSE_MS = 1000;

/** A page's first screen for index.html: its markup and state, and the files it loads. */
export interface DrawnFirstScreen extends RenderedFirstScreen {
  assets: FirstScreenPageAssets;
}

/**
 * Renders a visitor's first screen on the server with the web's own code (its server bundle,
 * web/dist-ssr/entry-server.js, built beside web/dist): the home, from the same answers
 * getPublicFeed and getTrending give a visitor (issue 27), and a creation's page, from
 * get-media-item's (issue 47). A phone sees the page without waiting for the app. Without that
 * bundle, or when a render fails, the page is served as built and the app draws it.
 */
export class FirstScreenService {
  private loaded: Promise<{ renderer: FirstScreenRenderer; assets: FirstScreenAssets } | null> | null = null;

  constructor(
    private readonly feed: Pick<FeedService, 'page' | 'trending' | 'item'>,
    private readonly appInfo: Pick<AppInfoService, 'launchStatus'>,
    private readonly webDistDir: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The pages drawn lately, by page and device (`home:true`, `media:false:<id>`). */
  private readonly recent = new Map<string, { at: number; screen: Promise<DrawnFirstScreen | undefined> }>();

  /**
   * Drops the drawn pages this process reuses, so the next visitor's is drawn from the database:
   * called after anything that takes an item or a person out of public view or puts them back (a
   * ban or unban, an admin's hide or delete, an owner making an item private or deleting it).
   * Other api processes keep theirs at most REUSE_MS longer.
   */
  forget(): void {
    this.recent.clear();
  }

  /** The home as a signed-out visitor on this device sees it, or undefined (serve the page as built). */
  home({ phone }: { phone: boolean }): Promise<DrawnFirstScreen | undefined> {
    return this.reused(`home:${phone}`, async () => {
      const [feed, trending] = await Promise.all([this.feed.page({ limit: FEED_PAGE_SIZE }), this.feed.trending()]);
      return { page: 'home', feed, trending, phone };
    });
  }

  /**
   * A creation's page, /m/<id>, as a signed-out visitor on this device sees it: the viewer showing
   * it. Undefined for a creation a visitor may not see (private, held, deleted, unknown): the app
   * shows its not-found screen, as it does for a page served as built.
   */
  media(id: string, { phone }: { phone: boolean }): Promise<DrawnFirstScreen | undefined> {
    return this.reused(`media:${phone}:${id}`, async () => {
      try {
        return { page: 'media', media: await this.feed.item(id), phone };
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    });
  }

  private reused(key: string, answers: () => Promise<FirstScreenData | undefined>): Promise<DrawnFirstScreen | undefined> {
    const now = this.now();
    const recent = this.recent.get(key);
    if (recent && now - recent.at < REUSE_MS) return recent.screen;
    // Pages of many creations come and go: those past their second are dropped as others are drawn.
    for (const [old, { at }] of this.recent) if (now - at >= REUSE_MS) this.recent.delete(old);
    const screen = this.draw(answers);
    this.recent.set(key, { at: now, screen });
    return screen;
  }

  private async draw(answers: () => Promise<FirstScreenData | undefined>): Promise<DrawnFirstScreen | undefined> {
    const loaded = await this.load();
    if (!loaded) return undefined;
    try {
      // Before launch the app shows the coming-soon page instead: nothing to draw here.
      if ((await this.appInfo.launchStatus()).launch?.is_launched === false) return undefined;
      const data = await answers();
      if (!data) return undefined;
      const { renderer, assets } = loaded;
      const rendered = data.page === 'home' ? await renderer.renderHome(data) : await renderer.renderMedia(data);
      return { ...rendered, assets: { entry: assets.entry, stylesheets: assets.stylesheets[data.page], modules: assets.modules[data.page] } };
    } catch (error) {
      this.logger.warn({ err: error }, 'a page could not be rendered on the server; served as built');
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
