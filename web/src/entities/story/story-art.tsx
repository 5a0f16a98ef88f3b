import { storyCategoryLabel, stillSources } from '@app/shared';
import type { StoryHeroStill } from '@app/shared/api/stories';
import './story.css';

type StoryArtProps = {
  heroImageUrl: string | null;
  /** The hero's stored smaller copies, when it is a creation's still (the story's `hero_still`). */
  heroStill?: StoryHeroStill | null;
  /** The picture's rendered width (`sizes`), so the browser picks the copy that fills it. */
  sizes: string;
  category: string;
  className?: string;
  /** The page's largest picture on arrival (the first card, the story page's hero): fetched first, at once. */
  priority?: boolean;
};

/**
 * A story's picture: its hero image, or a placeholder painted in its category's colours with
 * the category's name, so a story without a picture still looks made on purpose.
 */
export function StoryArt({ heroImageUrl, heroStill = null, sizes, category, className, priority = false }: StoryArtProps) {
  const classes = `story-art story-art--${category}${className ? ` ${className}` : ''}`;
  if (heroImageUrl) {
    // The grids' rule (stillSources): every stored size as a candidate, never the full file as `src` when a copy exists.
    const { src, srcSet } = stillSources({ still: heroImageUrl, thumbnailUrl: heroStill?.thumbnailUrl ?? null, variants: heroStill?.variants ?? [], width: heroStill?.width ?? null });
    return (
      <div className={classes}>
        <img
          className="story-art__image cover"
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      </div>
    );
  }
  return (
    <div className={`${classes} story-art--placeholder`} aria-hidden="true">
      <span className="story-art__glow" />
      <span className="story-art__label">{storyCategoryLabel(category)}</span>
    </div>
  );
}
