import { TAG_POPULAR_LIMIT } from '@app/shared';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon, HashIcon, WarningIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { DEFAULT_ASPECT_RATIO } from '../../entities/media/media-item';
import { MasonryGrid } from '../../components/masonry/masonry-grid';
import { declaredRatio } from '../../entities/media/use-media-ratio';
import { feedHref } from '../../features/feed';
import { type TagPage as TagPageData, tagPageError, useTagPage } from './use-tag-page';
import '../../components/page/page.css';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import '../../styles/icon-tile.css';
import '../../styles/panels.css';
import '../../styles/surface-card.css';
import { TagTile } from './tag-tile';
import { useTagColumns } from './use-tag-columns';
import './tag.css';

type TagMedia = TagPageData['media'][number];

const SKELETON_TILES = 8;
/** A tile's caption (creator, prompt, likes) as a share of its width: the masonry's estimate of its height. */
const TILE_BODY_SHARE = 0.5;
const ratioOf = (item: TagMedia) => declaredRatio(item.width, item.height) ?? DEFAULT_ASPECT_RATIO;

/** Creations with one tag, /tag/:tag (spec 3 §2): count, popular tags, the media grid. */
export function TagPage() {
  const { tag: rawTag = '' } = useParams();
  const tag = rawTag.toLowerCase();
  const page = useTagPage(tag);
  const data = page.data;
  const count = data?.totalCount ?? 0;
  const columns = useTagColumns();

  return (
    <div className="page tag-page">
      <title>{pageTitle(`#${tag}`)}</title>
      <header className="tag-page__header stack">
        <Link to={paths.home.getHref()} className="back-link tag-page__back inline-row">
          <ArrowLeftIcon />
          Back to Feed
        </Link>
        <div className="tag-page__heading row">
          <span className="tag-page__icon icon-tile" aria-hidden="true">
            <HashIcon />
          </span>
          <div>
            <h1 className="tag-page__title display-title">
              <span className="gradient-text">#{tag}</span>
            </h1>
            {data && (
              <p className="tag-page__count" data-testid="tag-count">
                {count} {count === 1 ? 'image' : 'images'}
              </p>
            )}
          </div>
        </div>
        {data && data.popularTags.length > 0 && (
          <nav className="tag-page__popular cluster" aria-label="Popular tags">
            {data.popularTags.slice(0, TAG_POPULAR_LIMIT).map((popular) => (
              <Link key={popular.tag} to={paths.tag.getHref(popular.tag)} className="tag-chip chip inline-row" aria-current={popular.tag === tag ? 'page' : undefined}>
                #{popular.tag}
                <span className="tag-chip__count">{popular.count}</span>
              </Link>
            ))}
          </nav>
        )}
      </header>

      {page.isPending ? (
        <div className="tag-page__grid card-grid" role="status" aria-label="Loading creations">
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <span key={i} className="tag-tile stack surface-card tag-tile--skeleton skeleton-card" aria-hidden="true" />
          ))}
        </div>
      ) : page.isError || !data ? (
        <PanelEmpty className="tag-page__state" icon={<WarningIcon />} title={tagPageError(page.error)} text="Explore the feed for more creations.">
          <Link to={paths.home.getHref()} className="button button--primary">
            Back to Feed
          </Link>
        </PanelEmpty>
      ) : (
        <>
          <MasonryGrid items={data.media} columns={columns} ratioOf={ratioOf} extra={TILE_BODY_SHARE} className="tag-page__grid" renderItem={(item, index) => <TagTile item={item} priority={index < columns} />} />
          {data.totalCount > data.media.length && (
            <div className="tag-page__more">
              {/* The feed narrowed by the same tag: every item, with the feed's order and search (a preset's tag too). */}
              <Link to={feedHref({ tag })} className="button button--primary button--large">
                View All in Feed
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}
