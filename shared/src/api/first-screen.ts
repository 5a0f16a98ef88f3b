import type { CallResponse } from './define-call';
import type { getMediaItemCall, getPublicFeedCall, getTrendingCall } from './feed';

/**
 * The home's first screen rendered on the server (issue 27): what the api hands the web's server
 * bundle, and what it gets back to put in index.html. The browser hydrates that markup from the
 * state, so its first render draws exactly what the server drew.
 */
export interface HomeFirstScreenData {
  page: 'home';
  /** getPublicFeed's first page, newest first, as a visitor gets it. */
  feed: CallResponse<typeof getPublicFeedCall>;
  trending: CallResponse<typeof getTrendingCall>;
  /** Whether the device that asked is a phone (its user agent says so): the phone's layout is drawn. */
  phone: boolean;
}

/**
 * A creation's page, /m/<id>, drawn on the server (issue 47 §2): the viewer showing it, from the
 * answer get-media-item gives a visitor (a creation a visitor may not see is never drawn).
 */
export interface MediaFirstScreenData {
  page: 'media';
  media: CallResponse<typeof getMediaItemCall>;
  phone: boolean;
}

/** The state of any drawn page: its `page` says which. */
export type FirstScreenData = HomeFirstScreenData | MediaFirstScreenData;

/** The pages the server draws. */
export type FirstScreenPage = FirstScreenData['page'];

export interface RenderedFirstScreen {
  /** The markup of #root. */
  markup: string;
  /**
   * What React's render hoists for the head: `<link rel="preload" as="image">` of the images the
   * screen draws eagerly, with their own srcset and sizes (the drawn creation's, at high priority).
   */
  head: string;
  /** JSON for the page's state script (the data it was drawn from), `<` escaped so no text in it can end the script. */
  state: string;
}

/** A chunk of the client build's manifest (web/dist/.vite/manifest.json), as far as it is read here. */
export interface BuildManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The files a drawn page loads, as paths under the web root. */
export interface FirstScreenPageAssets {
  /**
   * The stylesheets of the page's lazily loaded code, which index.html does not link: linked in
   * the head, the server's markup is drawn styled, and the app finds them there when it loads.
   */
  stylesheets: string[];
  /**
   * The scripts of the page's lazily loaded code: fetched with the app's own once the screen is
   * painted (index.html's module preloads wait for that too), so the app finds them all loading
   * when it takes the screen over, instead of adding a preload link for each in its first render.
   */
  modules: string[];
  /** The entry that loads the app once the drawn screen is painted, in place of index.html's. */
  entry: string;
}

/** What each drawn page loads: one entry, and each page's own stylesheets and scripts. */
export interface FirstScreenAssets {
  entry: string;
  stylesheets: Record<FirstScreenPage, string[]>;
  modules: Record<FirstScreenPage, string[]>;
}

/** What the web's server bundle (web/dist-ssr/entry-server.js) exports. */
export interface FirstScreenRenderer {
  renderHome(data: HomeFirstScreenData): Promise<RenderedFirstScreen>;
  renderMedia(data: MediaFirstScreenData): Promise<RenderedFirstScreen>;
  /** What the drawn pages load, from the client build's manifest. */
  firstScreenAssets(manifest: Record<string, BuildManifestChunk>): FirstScreenAssets;
}

/** The id of the `<script type="application/json">` that carries the state. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/**
 * A cookie the app keeps while someone is signed in on the device, holding nothing but "1": the
 * server then leaves the home for the app to draw, since a signed-in home differs from a visitor's.
 */
export const SIGNED_IN_COOKIE = 'mv_signed_in';
