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
