import {
  FEED_COLUMNS,
  FEED_TILE_SIZES,
  MOBILE_MAX_WIDTH_PX,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  STORY_ARCHIVE_TAGLINE,
  STORY_CARD_SIZES,
  STORY_HERO_SIZES,
  TAG_STRUCTURED_DATA_LIMIT,
  TAG_TILE_SIZES,
  tagTileSources,
  stillSources,
  storyArtSources,
  storyCategoryLabel,
} from '@app/shared';
import { DomainError, NotFoundError } from '@app/shared/server/domain-errors';
import type { ImagePreload, PageMeta } from './page-meta';
import type { FeedService } from './feed.service';
import { mediaPageMeta, mediaPagePreload, missingMediaMeta } from './media-page-meta';
import type { CreatorsService } from './creators.service';
import type { CollectionsService } from './collections.service';
import type { Story } from '@app/shared/api/stories';
import type { StoriesService } from './stories.service';
import type { TagsService } from './tags.service';

/** As the home page names itself (pageTitle) and web/index.html describes it. */
const HOME_TITLE = 'Turn a photo into a new world · Mirrorverse';
const HOME_DESCRIPTION = 'Mirrorverse turns your photos into styled images and short videos with themed looks or your own words.';
const STORIES_TITLE = 'Stories — Mirrorverse';
/** A tag page's first row: two tiles on a phone, three beside each other on a desktop (use-tag-columns.ts). */
const TAG_FIRST_ROW = { phone: 2, desktop: 3 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PRIVATE_PAGES = [/^\/StoryCreation\/?$/i, /^\/dashboard\//];

/** The meta tags of the pages crawlers and link previews read: a story, a tag page, a creation, and noindex for tools. */
export class PageMetaService {
  constructor(
    private readonly stories: Pick<StoriesService, 'published' | 'publishedBySlug'>,
    private readonly tags: Pick<TagsService, 'page'>,
    private readonly creators: Pick<CreatorsService, 'page'>,
    private readonly publicUrl: string,
    private readonly media: Pick<FeedService, 'item' | 'page'>,
    private readonly collections: Pick<CollectionsService, 'withCover'>,
  ) {}

  /**
   * `imagePreloads: false` for a home the server draws itself: its <img> tags are requested as the
   * page is parsed, and the preloads are for when the app draws the home.
   */
  async forPath(pathname: string, { imagePreloads = true }: { imagePreloads?: boolean } = {}): Promise<PageMeta | undefined> {
    const canonical = `${this.publicUrl}${pathname}`;
    if (PRIVATE_PAGES.some((pattern) => pattern.test(pathname))) {
      return { title: 'Mirrorverse', description: 'Mirrorverse tools.', canonical, noindex: true };
    }
    // The home's meta never fails the page: without the feed, index.html is served as built.
    if (pathname === '/') return this.home(canonical, imagePreloads).catch(() => undefined);
    if (/^\/story\/?$/.test(pathname)) return this.storyArchive(canonical).catch(() => undefined);
    const story = /^\/story\/([^/]+)\/?$/.exec(pathname);
    if (story) return this.story(decodeURIComponent(story[1]!)).catch(notFoundAsUndefined);
    const tag = /^\/tag\/([^/]+)\/?$/.exec(pathname);
    if (tag) return this.tag(decodeURIComponent(tag[1]!)).catch(notFoundAsUndefined);
    const media = /^\/m\/([^/]+)\/?$/.exec(pathname);
    if (media) return this.mediaPage(media[1]!, canonical, imagePreloads);
    const creator = /^\/u\/([^/]+)\/?$/.exec(pathname);
    if (creator) return this.creator(decodeURIComponent(creator[1]!)).catch((error: unknown) => notFoundPage(error, canonical));
    // A public collection; a private or unknown one is the not-found page, as an unknown creator.
    const collection = /^\/c\/([^/]+)\/?$/.exec(pathname);
    if (collection) return this.collection(collection[1]!, canonical).catch((error: unknown) => notFoundPage(error, canonical));
    return undefined;
  }

  /**
   * The home page: its meta, and the first feed tiles' stills preloaded (one on a phone, a row of
   * three on a desktop) so they arrive while the app's code loads instead of after its first fetch.
   */
  private async home(canonical: string, imagePreloads: boolean): Promise<PageMeta> {
    if (!imagePreloads) return { title: HOME_TITLE, description: HOME_DESCRIPTION, canonical };
    const { items } = await this.media.page({ limit: FEED_COLUMNS });
    const preload = (item: (typeof items)[number], media: string): ImagePreload | undefined => {
      const still = item.mediaType === 'video' ? item.imageUrl : (item.finalUrl ?? item.imageUrl);
      const { src, srcSet } = stillSources({ still, thumbnailUrl: item.thumbnailUrl, variants: item.variants, width: item.width });
      return src ? { href: src, srcSet, sizes: FEED_TILE_SIZES, media } : undefined;
    };
    const preloads = [
      ...items.slice(0, 1).map((item) => preload(item, `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`)),
      ...items.map((item) => preload(item, `(min-width: ${MOBILE_MAX_WIDTH_PX + 1}px)`)),
    ].filter((p): p is ImagePreload => p !== undefined);
    return { title: HOME_TITLE, description: HOME_DESCRIPTION, canonical, preloads };
  }

  /**
   * A public creation's page; anything else (private, deleted, expired, not an id) is a 404. Its
   * still is preloaded for the app's own render; a page the server draws has it in its markup.
   */
  private async mediaPage(rawId: string, canonical: string, imagePreloads: boolean): Promise<PageMeta> {
    try {
      const { item } = await this.media.item(decodeURIComponent(rawId));
      const meta = mediaPageMeta(item, this.publicUrl);
      const preload = imagePreloads ? mediaPagePreload(item) : undefined;
      return preload ? { ...meta, preloads: [preload] } : meta;
    } catch (error) {
      if (error instanceof DomainError || error instanceof URIError) return missingMediaMeta(canonical);
      throw error;
    }
  }

  /** The story archive: its first card's picture preloaded, the largest thing on a phone's first screen. */
  private async storyArchive(canonical: string): Promise<PageMeta> {
    const [first] = await this.stories.published();
    const preload = first ? storyArtPreload(first, STORY_CARD_SIZES) : undefined;
    return { title: STORIES_TITLE, description: STORY_ARCHIVE_TAGLINE, canonical, ...(preload ? { preloads: [preload] } : {}) };
  }

  private async story(slug: string): Promise<PageMeta> {
    const story = await this.stories.publishedBySlug(slug);
    const url = `${this.publicUrl}/story/${encodeURIComponent(story.slug)}`;
    const hero = storyArtPreload(story, STORY_HERO_SIZES);
    return {
      ...(hero ? { preloads: [hero] } : {}),
      title: `${story.title} — Mirrorverse Stories`,
      description: story.teaser_text,
      canonical: url,
      type: 'article',
      image: { url: `${this.publicUrl}/share/story/${encodeURIComponent(story.slug)}.jpg`, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: story.title },
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: story.title,
        description: story.teaser_text,
        articleSection: storyCategoryLabel(story.story_category),
        wordCount: story.word_count,
        datePublished: story.created_at,
        dateModified: story.updated_at,
        url,
        ...(story.hero_image_url ? { image: story.hero_image_url } : {}),
      },
    };
  }

  private async creator(username: string): Promise<PageMeta> {
    const { creator, items } = await this.creators.page({ username, limit: TAG_STRUCTURED_DATA_LIMIT });
    const url = `${this.publicUrl}/u/${encodeURIComponent(creator.username)}`;
    const shown = creator.name ?? `@${creator.username}`;
    const count = `${creator.creations} ${creator.creations === 1 ? 'creation' : 'creations'}`;
    const first = items.find((m) => m.imageUrl);
    return {
      title: `${shown} (@${creator.username}) — Mirrorverse`,
      description: `${count} by ${shown} on Mirrorverse: AI portraits and videos.`,
      canonical: url,
      type: 'profile',
      image: creator.avatarLarge
        ? { url: creator.avatarLarge, width: 256, height: 256, alt: shown }
        : first?.imageUrl
          ? { url: first.imageUrl, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: first.prompt ?? shown }
          : undefined,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        mainEntity: {
          '@type': 'Person',
          name: shown,
          alternateName: `@${creator.username}`,
          ...(creator.avatarLarge ? { image: creator.avatarLarge } : {}),
          interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: creator.likes },
        },
      },
    };
  }

  /** A public collection's page (read as a signed-out visitor would): its name, owner and count, its cover as the image. */
  private async collection(rawId: string, canonical: string): Promise<PageMeta> {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      return notFoundPage(new NotFoundError('Collection not found.', 'COLLECTION_NOT_FOUND'), canonical);
    }
    // Not an id: nothing to look up (and nothing for a uuid column).
    if (!UUID.test(id)) return notFoundPage(new NotFoundError('Collection not found.', 'COLLECTION_NOT_FOUND'), canonical);
    const { collection, coverId } = await this.collections.withCover(id, null);
    const url = `${this.publicUrl}/c/${collection.id}`;
    const by = collection.owner.name ?? (collection.owner.username ? `@${collection.owner.username}` : 'a creator');
    const count = `${collection.itemCount} ${collection.itemCount === 1 ? 'creation' : 'creations'}`;
    return {
      title: `${collection.name} — a collection by ${by} · Mirrorverse`,
      description: `${count} collected by ${by} on Mirrorverse: AI portraits and videos.`,
      canonical: url,
      // The cover creation's share image (1200×630, as its own page's), made from its files on first ask.
      image: coverId ? { url: `${this.publicUrl}/share/m/${coverId}.jpg`, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: collection.name } : undefined,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: collection.name,
        url,
        numberOfItems: collection.itemCount,
        author: { '@type': 'Person', name: by },
      },
    };
  }

  private async tag(tag: string): Promise<PageMeta> {
    const page = await this.tags.page(tag);
    const url = `${this.publicUrl}/tag/${encodeURIComponent(page.tag)}`;
    const images = page.media.filter((m) => m.image_url).slice(0, TAG_STRUCTURED_DATA_LIMIT);
    const first = images[0];
    // The first row's pictures, fetched while the app's code loads (its LCP on a phone).
    const preload = (item: (typeof page.media)[number], media: string): ImagePreload | undefined => {
      const { src, srcSet } = tagTileSources(item);
      return src ? { href: src, srcSet, sizes: TAG_TILE_SIZES, media } : undefined;
    };
    const preloads = [
      ...page.media.slice(0, TAG_FIRST_ROW.phone).map((item) => preload(item, `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`)),
      ...page.media.slice(0, TAG_FIRST_ROW.desktop).map((item) => preload(item, `(min-width: ${MOBILE_MAX_WIDTH_PX + 1}px)`)),
    ].filter((p): p is ImagePreload => p !== undefined);
    return {
      preloads,
      title: `#${page.tag} — ${page.totalCount} ${page.totalCount === 1 ? 'creation' : 'creations'} on Mirrorverse`,
      description: `AI portraits and videos tagged ${page.tag}, made with Mirrorverse.`,
      canonical: url,
      image: first?.image_url ? { url: first.image_url, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: first.prompt ?? page.tag } : undefined,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ImageGallery',
        name: `#${page.tag}`,
        url,
        associatedMedia: images.map((m) => ({
          '@type': 'ImageObject',
          contentUrl: m.image_url,
          caption: m.prompt ?? undefined,
          uploadDate: m.created_at,
          author: { '@type': 'Person', name: m.user_name ?? 'Anonymous' },
        })),
      },
    };
  }
}

/** A story's picture as its card or hero shows it (StoryArt): its creation's copies, or the file itself. */
function storyArtPreload(story: Story, sizes: string): ImagePreload | undefined {
  if (!story.hero_image_url) return undefined;
  const { src, srcSet } = storyArtSources(story);
  return src ? { href: src, ...(srcSet ? { srcSet } : {}), sizes, media: 'all' } : undefined;
}

/** An address that names nothing: a 404 with the app's page, which shows its not-found screen. */
function notFoundPage(error: unknown, canonical: string): PageMeta {
  if (!(error instanceof DomainError)) throw error;
  return { title: 'Not found — Mirrorverse', description: 'This page does not exist on Mirrorverse.', canonical, noindex: true, status: 404 };
}

function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof DomainError) return undefined;
  throw error;
}
