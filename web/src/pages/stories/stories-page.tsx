import { STORY_ARCHIVE_TAGLINE, STORY_CARD_SIZES, STORY_CATEGORIES, storyCategoryLabel, storyCategoryTagline } from '@app/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BookIcon, WarningIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { StoryArt } from '../../entities/story/story-art';
import type { Story } from '../../entities/story/story-api';
import { readingTime, toggleCategory } from '../../entities/story/story-model';
import { useStories } from '../../entities/story/use-stories';
import '../../entities/story/story.css';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import '../../styles/panels.css';
import '../../styles/surface-card.css';
import './stories.css';

const SKELETON_CARDS = 6;

/** The story archive, /story (spec 3 §2): the category filter, its tagline and the card grid. */
export function StoriesPage() {
  const stories = useStories();
  const [category, setCategory] = useState<string | null>(null);
  const shown = (stories.data ?? []).filter((story) => category === null || story.story_category === category);
  const select = (clicked: string | null) => setCategory((selected) => toggleCategory(selected, clicked));

  return (
    <div className="page stories">
      <title>{pageTitle('Stories')}</title>
      <header className="stories__header stack">
        <p className="eyebrow">Mirrorverse Stories</p>
        <h1 className="stories__title display-title">
          Stories from <span className="gradient-text">the other side</span>
        </h1>
        <p className="stories__lead">{STORY_ARCHIVE_TAGLINE}</p>
      </header>

      <nav className="stories__filters cluster" aria-label="Story categories">
        <button type="button" className="stories__filter chip" aria-pressed={category === null} onClick={() => select(null)}>
          All
        </button>
        {STORY_CATEGORIES.map((c) => (
          <button key={c.slug} type="button" className="stories__filter chip" aria-pressed={category === c.slug} onClick={() => select(c.slug)}>
            {c.label}
          </button>
        ))}
      </nav>
      {category && (
        <p className="stories__tagline" aria-live="polite">
          {storyCategoryTagline(category) ?? storyCategoryLabel(category)}
        </p>
      )}

      {stories.isPending ? (
        <div className="stories__grid card-grid" role="status" aria-label="Loading stories">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <div key={i} className="story-card stack surface-card story-card--skeleton" aria-hidden="true">
              <span className="story-card__art skeleton-card" />
              <span className="story-card__line skeleton-card" />
              <span className="story-card__line story-card__line--short skeleton-card" />
            </div>
          ))}
        </div>
      ) : stories.isError && !stories.data ? (
        <PanelEmpty className="stories__state" icon={<WarningIcon />} title="Failed to load stories" text="Please check your connection and try again.">
          <button type="button" className="button button--small" onClick={() => void stories.refetch()}>
            Try Again
          </button>
        </PanelEmpty>
      ) : shown.length === 0 ? (
        <PanelEmpty
          className="stories__state"
          icon={<BookIcon />}
          title={category ? `No ${storyCategoryLabel(category)} stories yet` : 'No stories yet'}
          text={category ? 'Try another category, or come back soon.' : 'The first stories are being written. Come back soon.'}
        >
          {category && (
            <button type="button" className="button button--small" onClick={() => setCategory(null)}>
              Show all stories
            </button>
          )}
        </PanelEmpty>
      ) : (
        <ul className="stories__grid card-grid">
          {shown.map((story, index) => (
            <li key={story.id}>
              {/* The first card's picture is the page's largest on a phone (its LCP): fetched first. */}
              <StoryCard story={story} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StoryCard({ story, priority }: { story: Story; priority: boolean }) {
  return (
    <Link to={paths.story.getHref(story.slug)} className={`story-card surface-card stack${story.featured ? ' story-card--featured' : ''}`} data-testid="story-card">
      <StoryArt
        className="story-card__art"
        story={story}
        sizes={STORY_CARD_SIZES}
        priority={priority}
      />
      <div className="story-card__body stack">
        <div className="story-card__meta cluster">
          <span className="story-category chip inline-row">{storyCategoryLabel(story.story_category)}</span>
          {story.featured && <span className="story-card__featured">Featured</span>}
        </div>
        <h2 className="story-card__title">{story.title}</h2>
        <p className="story-card__teaser line-clamp">{story.teaser_text}</p>
        <p className="story-card__time">{readingTime(story.word_count)}</p>
      </div>
    </Link>
  );
}
