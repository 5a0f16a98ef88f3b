import { storyCategoryLabel } from '@app/shared';
import './story.css';

type StoryArtProps = {
  heroImageUrl: string | null;
  category: string;
  className?: string;
  /** Above the fold (the story page's hero): loaded at once. */
  eager?: boolean;
};

/**
 * A story's picture: its hero image, or a placeholder painted in its category's colours with
 * the category's name, so a story without a picture still looks made on purpose.
 */
export function StoryArt({ heroImageUrl, category, className, eager = false }: StoryArtProps) {
  const src = heroImageUrl || null;
  const classes = `story-art story-art--${category}${className ? ` ${className}` : ''}`;
  if (src) {
    return (
      <div className={classes}>
        <img className="story-art__image cover" src={src} alt="" loading={eager ? 'eager' : 'lazy'} />
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
