import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { escapeMarkup } from '@app/shared/server/escape-markup';
import { SHARE_IMAGE_HEIGHT as H, SHARE_IMAGE_WIDTH as W, storyCategoryLabel } from '@app/shared';
import { type MediaUrls, type Storage, readObject } from '@app/shared/server/storage';
import type { FeedService } from './feed.service';
import type { StoriesService } from './stories.service';

/**
 * The 1200×630 share images, cached in storage. A story's: its hero photo (only when it is one
 * of our own uploads — a pasted address is never fetched) under a dark gradient with the title,
 * keyed by the story's last change. A creation's: its still (a video's thumbnail) whole, over
 * a blurred copy of itself, keyed by its stored file (which never changes content).
 */
export class ShareImageService {
  constructor(
    private readonly stories: Pick<StoriesService, 'publishedBySlug'>,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
    private readonly media: Pick<FeedService, 'visible'>,
  ) {}

  /** A public creation's; NotFoundError for anything a stranger may not see. */
  async forMedia(id: string): Promise<Buffer> {
    const row = await this.media.visible(id);
    const sourceKey = row.type === 'video' ? row.thumbnail_key : (row.storage_key ?? row.thumbnail_key);
    const version = createHash('sha256').update(`${sourceKey}|v1`).digest('hex').slice(0, 16);
    const key = `share/m/${row.id}-${version}.jpg`;
    const cached = await readObject(this.storage, key);
    if (cached) return cached;
    const still = sourceKey ? await readObject(this.storage, sourceKey) : null;
    const image = await renderCreation(still);
    await this.storage.put(key, image, { contentType: 'image/jpeg', immutable: true });
    return image;
  }

  async forStory(slug: string): Promise<Buffer> {
    const story = await this.stories.publishedBySlug(slug);
    const version = createHash('sha256').update(`${story.updated_at}|${story.hero_image_url}|v1`).digest('hex').slice(0, 16);
    const key = `share/story/${story.id}-${version}.jpg`;
    const cached = await readObject(this.storage, key);
    if (cached) return cached;
    const hero = story.hero_image_url ? await this.ownFile(story.hero_image_url) : null;
    const image = await render(story.title, storyCategoryLabel(story.story_category), hero);
    await this.storage.put(key, image, { contentType: 'image/jpeg', immutable: true });
    return image;
  }

  private async ownFile(url: string): Promise<Buffer | null> {
    const key = this.urls.keyOf(url);
    return key !== undefined ? readObject(this.storage, key) : null;
  }
}

/** Wraps a title into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(' ').slice(0, width - 1)}…`] : lines;
}

async function render(title: string, category: string, hero: Buffer | null): Promise<Buffer> {
  const lines = wrap(title, 28);
  const text = lines
    .map((line, i) => `<text x="72" y="${H - 96 - (lines.length - 1 - i) * 72}" font-size="60" font-weight="700" fill="#fff">${escapeMarkup(line)}</text>`)
    .join('');
  const overlay = Buffer.from(
    `<svg width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0.2" stop-color="#07070b" stop-opacity="0"/><stop offset="1" stop-color="#07070b" stop-opacity="0.92"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <text x="72" y="${H - 96 - lines.length * 72}" font-size="26" letter-spacing="4" fill="#c4b5fd" font-family="sans-serif">${escapeMarkup(category.toUpperCase())}</text>
      <g font-family="sans-serif">${text}</g>
      <text x="${W - 72}" y="72" font-size="26" text-anchor="end" fill="#ffffff" fill-opacity="0.8" font-family="sans-serif">Mirrorverse Stories</text>
    </svg>`,
  );
  const base = hero ? sharp(hero).rotate().resize(W, H, { fit: 'cover', position: 'attention' }) : brandBackdrop();
  return base.composite([{ input: overlay }]).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

function brandBackdrop() {
  return sharp(Buffer.from(`<svg width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg"><defs><radialGradient id="b" cx="0.25" cy="0.2" r="1"><stop offset="0" stop-color="#4c1d95"/><stop offset="0.55" stop-color="#1e1b4b"/><stop offset="1" stop-color="#07070b"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#b)"/></svg>`));
}

/** The whole still at its own ratio, centred on a dimmed, blurred fill of itself: nothing cropped. */
async function renderCreation(still: Buffer | null): Promise<Buffer> {
  const mark = Buffer.from(
    `<svg width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg"><text x="${W - 40}" y="${H - 36}" font-size="24" font-family="sans-serif" font-weight="700" text-anchor="end" fill="#ffffff" fill-opacity="0.85" stroke="#07070b" stroke-opacity="0.35" stroke-width="1">Mirrorverse</text></svg>`,
  );
  if (!still) return brandBackdrop().composite([{ input: mark }]).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
  const upright = await sharp(still).rotate().toBuffer();
  const [fill, whole] = await Promise.all([
    sharp(upright).resize(W, H, { fit: 'cover' }).blur(40).modulate({ brightness: 0.45 }).toBuffer(),
    sharp(upright).resize(W, H, { fit: 'inside' }).toBuffer(),
  ]);
  return sharp(fill)
    .composite([{ input: whole, gravity: 'center' }, { input: mark }])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}
