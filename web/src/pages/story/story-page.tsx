import { STORY_HERO_SIZES, storyCategoryLabel } from '@app/shared';
import { Link, useParams } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon, ShareIcon } from '../../components/icons/creation-icons';
import { ArrowLeftIcon, BookIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { StoryArt } from '../../entities/story/story-art';
import type { Story } from '../../entities/story/story-api';
import { readingTime, storyBlocks, storyNeighbours } from '../../entities/story/story-model';
import { useMediaBases } from '../../entities/story/use-media-bases';
import { isNotFound, useStories, useStory } from '../../entities/story/use-stories';
import { shareStory } from './share-story';
import '../../components/page/page.css';
import '../../entities/story/story.css';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import '../../styles/panels.css';
import '../../styles/surface-card.css';
import './story.css';


/** A single story, /story/:slug (spec 3 §2): hero, body with inline images, previous / next, Share. */
export function StoryPage() {
  const { slug = '' } = useParams();
  const story = useStory(slug);
  const list = useStories();

  if (story.data) return <StoryView story={story.data} stories={list.data ?? []} />;
  if (story.isError) return <StoryMissing notFound={isNotFound(story.error)} />;
  return (
    <div className="page story story--loading stack" role="status" aria-label="Loading story">
      <span className="story__hero story__hero--skeleton skeleton-card" aria-hidden="true" />
      <span className="story__skeleton-line skeleton-card" aria-hidden="true" />
      <span className="story__skeleton-line story__skeleton-line--short skeleton-card" aria-hidden="true" />
    </div>
  );
}

function BackToStories({ className = 'back-link story__back inline-row' }: { className?: string }) {
  return (
    <Link to={paths.stories.getHref()} className={className}>
      <ArrowLeftIcon />
      Back to Stories
    </Link>
  );
}

function StoryMissing({ notFound }: { notFound: boolean }) {
  return (
    <div className="page story">
      <title>{pageTitle('Story not found')}</title>
      <PanelEmpty
        className="story__missing"
        icon={<BookIcon />}
        title="Failed to load story"
        text={notFound ? 'Story not found' : 'Please check your connection and try again.'}
      >
        <BackToStories className="button button--primary" />
      </PanelEmpty>
    </div>
  );
}

function StoryView({ story, stories }: { story: Story; stories: readonly Story[] }) {
  const origin = window.location.origin;
  const blocks = storyBlocks(story.full_story_content, useMediaBases());
  const { previous, next } = storyNeighbours(stories, story.slug);
  const url = `${origin}${paths.story.getHref(story.slug)}`;
  const category = storyCategoryLabel(story.story_category);

  return (
    <article className="page story" key={story.slug}>
      <title>{pageTitle(story.title)}</title>
      <div className="story__toolbar row">
        <BackToStories />
        <button type="button" className="button button--small story__share" onClick={() => void shareStory(story, url)}>
          <ShareIcon />
          Share
        </button>
      </div>

      <header className="story__hero">
        <StoryArt
          className="story__art"
          story={story}
          sizes={STORY_HERO_SIZES}
          priority
        />
        <div className="story__hero-text stack">
          <p className="story__meta cluster">
            <span className="story-category chip inline-row">{category}</span>
            <span className="story__time">{readingTime(story.word_count)}</span>
          </p>
          <h1 className="story__title display-title">{story.title}</h1>
          <p className="story__teaser">{story.teaser_text}</p>
        </div>
      </header>

      <div className="story__body stack">
        {blocks.map((block, index) =>
          block.kind === 'image' ? (
            <figure key={index} className="story__figure">
              <img src={block.src} alt="" loading="lazy" />
            </figure>
          ) : (
            <p key={index}>{block.text}</p>
          ),
        )}
      </div>

      {(previous || next) && (
        <nav className="story__neighbours" aria-label="More stories">
          {previous && (
            <Link to={paths.story.getHref(previous.slug)} className="story__neighbour stack surface-card" rel="prev">
              <span className="story__neighbour-label inline-row">
                <ChevronLeftIcon />
                Previous story
              </span>
              <span className="story__neighbour-title">{previous.title}</span>
            </Link>
          )}
          {next && (
            <Link to={paths.story.getHref(next.slug)} className="story__neighbour stack surface-card story__neighbour--next" rel="next">
              <span className="story__neighbour-label inline-row">
                Next story
                <ChevronRightIcon />
              </span>
              <span className="story__neighbour-title">{next.title}</span>
            </Link>
          )}
        </nav>
      )}
      <div className="story__footer">
        <BackToStories className="button" />
      </div>
    </article>
  );
}
