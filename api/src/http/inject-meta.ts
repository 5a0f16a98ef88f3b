import { escapeMarkup } from '@app/shared/server/escape-markup';

/** What a page tells crawlers and link previews, injected into index.html on the server. */
export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image?: { url: string; width: number; height: number; alt: string };
  type?: 'website' | 'article' | 'profile';
  /** Structured data (schema.org), written as one JSON-LD block. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  /** The HTTP status of the page: 404 for an address that names nothing (the app shows its not-found screen). */
  status?: 404;
  /** Images the first screen shows, fetched while the app's code loads (the home's first feed tiles). */
  preloads?: ImagePreload[];
}

/** A `<link rel="preload" as="image">`: the same `srcset` and `sizes` as the <img> that will show it. */
export interface ImagePreload {
  href: string;
  srcSet?: string;
  sizes: string;
  /** The screens it is for (a phone shows one tile first, a desktop a row of three). */
  media: string;
}

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
