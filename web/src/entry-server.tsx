import type { BuildManifestChunk, FirstScreenAssets, FirstScreenRenderer, HomeFirstScreenData, RenderedFirstScreen } from '@app/shared/api/first-screen';
import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { seedHomeFeed } from './features/feed';
import { drawnHome, firstScreenStateJson } from './app/first-screen-state';

/**
 * The web's server bundle (built to web/dist-ssr/): the api renders the home's first screen with
 * it, so a visitor sees the feed before any of the app's code has run (issue 27). The api only
 * asks for a launched product and a signed-out visitor, the one home this draws.
 */
export async function renderHome(data: HomeFirstScreenData): Promise<RenderedFirstScreen> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seedHomeFeed(queryClient, data);
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location="/">
      <App queryClient={queryClient} firstScreen={drawnHome(data)} />
    </StaticRouter>,
    // One piece: no boundary is sent first as its fallback and then swapped by a script (the
    // page's CSP runs no inline script, and the browser is to paint the finished screen at once).
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
  );
  if (failures.length > 0) throw new AggregateError(failures, 'the home could not be rendered on the server');
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  // React puts the page's <title> first; the server writes the same title in the head itself.
  markup = markup.replace(/^<title>[^<]*<\/title>/, '');
  return { markup, state: firstScreenStateJson(data) };
}

renderHome satisfies FirstScreenRenderer['renderHome'];

/** The home page's module and the drawn screen's entry, as the client build's manifest names them. */
const HOME_MODULE = 'src/pages/home/home-page.tsx';
const FIRST_SCREEN_ENTRY = 'src/first-screen-boot.ts';

export function firstScreenAssets(manifest: Record<string, BuildManifestChunk>): FirstScreenAssets {
  const entry = manifest[FIRST_SCREEN_ENTRY];
  if (!entry) throw new Error(`the client build has no ${FIRST_SCREEN_ENTRY}`);
  const stylesheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(HOME_MODULE);
  return { stylesheets: [...stylesheets], entry: `/${entry.file}` };
}

firstScreenAssets satisfies FirstScreenRenderer['firstScreenAssets'];
