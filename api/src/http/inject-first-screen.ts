import { FIRST_SCREEN_STATE_ID } from '@app/shared/api/first-screen';
import { escapeMarkup } from '@app/shared/server/escape-markup';
import type { DrawnFirstScreen } from '../services/first-screen.service';

/**
 * index.html with the server-drawn first screen in #root, inert until the app has taken it over
 * (no tap lost on a button nothing handles yet), and the state the app hydrates it from (JSON,
 * which the page's CSP does not run). The stylesheets of the page's lazily loaded code go in
 * the head, after the preloads of the images its render draws first (`head`); the app's entry
 * and its preloads give way to the drawn screen's entry, which fetches the app (named in its
 * `data-app`) once the screen is painted.
 */
export function injectFirstScreen(html: string, { markup, head, state, assets }: DrawnFirstScreen): string {
  const links = assets.stylesheets
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeMarkup(href)}">`);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  const modules = [...new Set([...preloads, ...assets.modules])].map(escapeMarkup).join(' ');
  // Replacer functions: `$&` and the like in the feed's or a creation's text must stay text.
  return html
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, app: string) =>
      `<script type="module" crossorigin src="${escapeMarkup(assets.entry)}" data-app="${app}" data-modules="${modules}"></script>`,
    )
    .replace('</head>', () => `  ${[head, ...links].filter(Boolean).join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root" inert>${markup}</div>\n    <script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${state}</script>`);
}
