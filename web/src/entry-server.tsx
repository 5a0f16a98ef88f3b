import type {
  BuildManifestChunk,
  FirstScreenAssets,
  FirstScreenRenderer,
  HomeFirstScreenData,
  MediaFirstScreenData,
  RenderedFirstScreen,
} from '@app/shared/api/first-screen';
import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { seedHomeFeed } from './features/feed';
import { drawnScreen, firstScreenStateJson } from './app/first-screen-state';
import { seedMediaItem } from './entities/media/seed-media-item';
import { paths } from './config/paths';

/**
 * The web's server bundle (built to web/dist-ssr/): the api renders a visitor's first screen with
 * it, so a visitor sees the page before any of the app's code has run: the home's feed (issue 27)
 * and a creation's page (issue 47). The api only asks for a launched product and a signed-out
 * visitor, the one version of each page this draws.
 */
export async function renderHome(data: HomeFirstScreenData): Promise<RenderedFirstScreen> {
  const queryClient = serverQueryClient();
  seedHomeFeed(queryClient, data);
  return { ...(await renderApp(paths.home.getHref(), queryClient, data)), state: firstScreenStateJson(data) };
}

renderHome satisfies FirstScreenRenderer['renderHome'];

/** A creation's page, /m/<id>: the viewer showing it, from get-media-item's answer to a visitor. */
export async function renderMedia(data: MediaFirstScreenData): Promise<RenderedFirstScreen> {
  const queryClient = serverQueryClient();
  seedMediaItem(queryClient, data);
  return { ...(await renderApp(paths.media.getHref(data.media.item.id), queryClient, data)), state: firstScreenStateJson(data) };
}

renderMedia satisfies FirstScreenRenderer['renderMedia'];

function serverQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
}

/** The markup of #root: the app's own tree at `location`, its queries answered from the seeded cache; and what goes in the head. */
async function renderApp(
  location: string,
  queryClient: QueryClient,
  data: HomeFirstScreenData | MediaFirstScreenData,
): Promise<Pick<RenderedFirstScreen, 'markup' | 'head'>> {
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location={location}>
      <App queryClient={queryClient} firstScreen={drawnScreen(data)} />
    </StaticRouter>,
    // One piece: no boundary is sent first as its fallback and then swapped by a script (the
    // page's CSP runs no inline script, and the browser is to paint the finished screen at once).
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
  );
  if (failures.length > 0) throw new AggregateError(failures, `${location} could not be rendered on the server`);
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  // React puts first what belongs in a head: the preloads of the images it draws first (eager
  // ones, the high-priority one first), then the page's <title>. The preloads go to the head;
  // the title is dropped, as the server writes the same title in the head itself.
  const preamble = /^(?:<link [^>]*>|<title>[^<]*<\/title>)*/.exec(markup)?.[0] ?? '';
  return { markup: markup.slice(preamble.length), head: (preamble.match(/<link [^>]*>/g) ?? []).join('') };
}

/** Each drawn page's module and the drawn screen's entry, as the client build's manifest names them. */
const PAGE_MODULES = {
  home: 'src/pages/home/home-page.tsx',
  media: 'src/pages/home/media-page.tsx',
} as const satisfies Record<keyof FirstScreenAssets['stylesheets'], string>;
const FIRST_SCREEN_ENTRY = 'src/first-screen-boot.ts';

export function firstScreenAssets(manifest: Record<string, BuildManifestChunk>): FirstScreenAssets {
  const entry = manifest[FIRST_SCREEN_ENTRY];
  if (!entry) throw new Error(`the client build has no ${FIRST_SCREEN_ENTRY}`);
  const home = filesOf(manifest, PAGE_MODULES.home);
  const media = filesOf(manifest, PAGE_MODULES.media);
  return {
    entry: `/${entry.file}`,
    stylesheets: { home: home.stylesheets, media: media.stylesheets },
    modules: { home: home.modules, media: media.modules },
  };
}

firstScreenAssets satisfies FirstScreenRenderer['firstScreenAssets'];

/** The stylesheets and scripts of a module's chunk and of every chunk it imports. */
function filesOf(manifest: Record<string, BuildManifestChunk>, module: string): { stylesheets: string[]; modules: string[] } {
  const stylesheets = new Set<string>();
  const modules = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    modules.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[module]) throw new Error(`the client build has no ${module}`);
  visit(module);
  return { stylesheets: [...stylesheets], modules: [...modules] };
}
