import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, captionOf, creationNameOf, creationTitleOf, stillSources, viewerStillSizes } from '@app/shared';
import type { FeedItem } from '@app/shared/api/feed';
import type { ImagePreload, PageMeta } from './page-meta';

const DESCRIPTION_MAX = 200;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * The meta of a creation's page, /m/<id>: its caption as the viewer shows it (a look's name and
 * short description, never the look's engine prompt; else the person's prompt), who made it, its
 * 1200×630 share image and an ImageObject / VideoObject.
 */
export function mediaPageMeta(item: FeedItem, publicUrl: string): PageMeta {
  const url = `${publicUrl}/m/${item.id}`;
  const caption = captionOf(item);
  // What the caption says, when it says more than 'AI Generated Content'.
  const prompt = caption.title !== null || item.prompt?.trim() ? caption.text : '';
  const what = creationNameOf(item);
  const creator = item.user.name;
  const kind = item.mediaType === 'video' ? 'video' : 'image';
  const description = prompt
    ? clip(prompt, DESCRIPTION_MAX)
    : `An AI ${kind === 'video' ? 'video' : 'portrait'}${creator ? ` by ${creator}` : ''}, made with Mirrorverse.`;
  const image = `${publicUrl}/share/m/${item.id}.jpg`;
  const media = kind === 'video' ? (item.finalUrl ?? undefined) : (item.imageUrl ?? item.finalUrl ?? undefined);
  return {
    title: creationTitleOf(item, creator),
    description,
    canonical: url,
    image: { url: image, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: caption.title ?? (prompt || what) },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': kind === 'video' ? 'VideoObject' : 'ImageObject',
      name: what,
      description,
      url,
      contentUrl: media,
      thumbnailUrl: image,
      uploadDate: item.created_at,
      ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
      ...(creator ? { creator: { '@type': 'Person', name: creator } } : {}),
    },
  };
}

/**
 * The still the viewer shows on a creation's page, sized to the screen as the viewer's <img> asks
 * for it (the same srcset and sizes), so the preload and the image are one file. A picture of
 * known size only (the viewer's sizes follow its ratio); a video shows its poster, not preloaded.
 */
export function mediaPagePreload(item: FeedItem): ImagePreload | undefined {
  if (item.mediaType === 'video' || !item.width || !item.height) return undefined;
  const still = item.finalUrl ?? item.imageUrl;
  const { src, srcSet } = stillSources({ still, thumbnailUrl: item.thumbnailUrl, variants: item.variants, width: item.width });
  if (!srcSet) return still ? { href: still, sizes: '100vw', media: 'all' } : undefined;
  return src ? { href: src, srcSet, sizes: viewerStillSizes(item.width / item.height), media: 'all' } : undefined;
}

/** What a crawler gets for an id that names no public creation, with a 404. */
export function missingMediaMeta(canonical: string): PageMeta {
  return { title: 'Creation not found — Mirrorverse', description: 'This creation is private, was deleted, or never existed.', canonical, noindex: true, status: 404 };
}
