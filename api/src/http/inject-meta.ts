import { escapeMarkup } from '@app/shared/server/escape-markup';
import type { PageMeta } from '../services/page-meta';

/** index.html with the page's title, description, canonical link, Open Graph and Twitter tags. */
export function injectMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<link rel="canonical" href="${escapeMarkup(meta.canonical)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="Mirrorverse" />`,
    `<meta property="og:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta property="og:description" content="${escapeMarkup(meta.description)}" />`,
    `<meta property="og:url" content="${escapeMarkup(meta.canonical)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeMarkup(meta.description)}" />`,
  ];
  if (meta.image) {
    tags.push(
      `<meta property="og:image" content="${escapeMarkup(meta.image.url)}" />`,
      `<meta property="og:image:width" content="${meta.image.width}" />`,
      `<meta property="og:image:height" content="${meta.image.height}" />`,
      `<meta property="og:image:alt" content="${escapeMarkup(meta.image.alt)}" />`,
      `<meta name="twitter:image" content="${escapeMarkup(meta.image.url)}" />`,
    );
  }
  for (const image of meta.preloads ?? []) {
    const srcSet = image.srcSet ? ` imagesrcset="${escapeMarkup(image.srcSet)}" imagesizes="${escapeMarkup(image.sizes)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeMarkup(image.href)}"${srcSet} media="${escapeMarkup(image.media)}" fetchpriority="high" />`);
  }
  if (meta.noindex) tags.push('<meta name="robots" content="noindex, nofollow" />');
  if (meta.jsonLd) {
    // `<` escaped so no text in the data can close the script element.
    tags.push(`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`);
  }
  // Replacer functions, never replacement strings: in those `$&`, `$'` and `$\`` in user text
  // would expand to pieces of the page.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(meta.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeMarkup(meta.description)}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
