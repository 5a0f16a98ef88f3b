import { storyArtSources, storyCategoryLabel } from '@app/shared';
import type { Story } from '@app/shared/api/stories';
import './story.css';

type StoryArtProps = {
  /** Its hero and, when the hero is a creation's still, that creation's smaller copies (`hero_still`). */
  story: Pick<Story, 'hero_image_url' | 'hero_still' | 'story_category'>;
  /** The picture's rendered width (`sizes`), so the browser picks the copy that fills it. */
  sizes: string;
  className?: string;
  /** The page's largest picture on arrival (the first card, the story page's hero): fetched first, at once. */
  priority?: boolean;
};

/**
 * A story's picture: its hero image, or a placeholder painted in its category's colours with
 * the category's name, so a story without a picture still looks made on purpose.
 */
export function StoryArt({ story, sizes, className, priority = false }: StoryArtProps) {
  const category = story.story_category;
  const classes = `story-art story-art--${category}${className ? ` ${className}` : ''}`;
  if (story.hero_image_url) {
    // The grids' rule: every stored size as a candidate, never the full file as `src` when a copy exists.
    const { src, srcSet } = storyArtSources(story);
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
