import { Link } from 'react-router-dom';
import { FlameIcon, UploadIcon } from '../../components/icons/creation-icons';
import { SparkleIcon } from '../../components/icons/line-icons';
import { paths } from '../../config/paths';
import { MODE_LABELS, type PresetMode } from '../../features/composer';
import { type MediaItem, presetTypeLabel } from '../../entities/media/media-item';
import { tileStillSources } from '../../entities/media/still-sources';
import '../../styles/stack.css';

type HomeHeroProps = {
  trending: readonly MediaItem[];
  /** Shown when nothing is trending yet: the newest creations. */
  fresh: readonly MediaItem[];
  onUpload: () => void;
  /** A look chip: starts that mode in the composer (sign-in rules as for the mode buttons). */
  onLook: (mode: PresetMode) => void;
  onOpenTrending: (items: readonly MediaItem[], index: number) => void;
};

const LOOKS: readonly PresetMode[] = ['unrealreflection', 'parallelself', 'ghiblireact', 'cyber-siren', 'storytime'];

/** The top of the home screen: what the product does, the first action, and what is trending. */
export function HomeHero({ trending, fresh, onUpload, onLook, onOpenTrending }: HomeHeroProps) {
  const isTrending = trending.length > 0;
  // Trending first, topped up with the newest creations so there are always three cards.
  const trendingIds = new Set(trending.map((item) => item.id));
  const picks = [...trending, ...fresh.filter((item) => !trendingIds.has(item.id))].slice(0, 3);
  return (
    <section className="home-hero">
      <div className="home-hero__copy stack">
        <p className="eyebrow">AI photo &amp; video · Early beta</p>
        <h1 className="home-hero__title">
          Turn a photo into <span className="gradient-text">a new world</span>
        </h1>
        <p className="home-hero__lead">Upload a selfie and restyle it into cinematic images and short videos — with themed looks or your own words.</p>
        <div className="home-hero__actions">
          <button type="button" className="button button--primary button--large" onClick={onUpload}>
            <UploadIcon />
            Upload a photo
          </button>
          <Link to={paths.bestPractices.getHref()} className="button button--large home-hero__secondary">
            <SparkleIcon />
            Get The Look
          </Link>
        </div>
        <ul className="home-hero__looks" aria-label="Looks">
          {LOOKS.map((mode) => (
            <li key={mode}>
              <button type="button" className="home-hero__look" onClick={() => onLook(mode)}>
                {MODE_LABELS[mode]}
              </button>
            </li>
          ))}
        </ul>
      </div>

      <div className="home-hero__showcase stack" aria-label={isTrending ? 'Trending now' : 'Fresh creations'}>
        <span className="home-hero__badge">
          <FlameIcon />
          {isTrending ? 'Trending now' : picks.length > 0 ? 'Fresh from the community' : 'Made in the Mirrorverse'}
        </span>
        {picks.length > 0 ? (
          <div className={`showcase showcase--${picks.length}`}>
            {picks.map((item, index) => (
              <button
                key={item.id}
                type="button"
                className={`showcase__card showcase__card--${index}`}
                onClick={() => onOpenTrending(picks, index)}
                aria-label={`Open trending ${presetTypeLabel(item.presetType) ?? 'creation'}`}
              >
                <ShowcaseStill item={item} />
                {item.presetType && <span className="showcase__tag glass-pill">{presetTypeLabel(item.presetType)}</span>}
              </button>
            ))}
          </div>
        ) : (
          <div className="showcase showcase--placeholder" aria-hidden="true">
            <span className="showcase__card showcase__card--0 showcase__art showcase__art--a" />
            <span className="showcase__card showcase__card--1 showcase__art showcase__art--b" />
            <span className="showcase__card showcase__card--2 showcase__art showcase__art--c" />
          </div>
        )}
      </div>
    </section>
  );
}

/** A showcase card's still: 148 px wide on a phone, 204 px at most elsewhere (home.css). */
function ShowcaseStill({ item }: { item: MediaItem }) {
  const { src, srcSet } = tileStillSources(item);
  return <img src={src ?? item.url ?? undefined} srcSet={srcSet} sizes="(max-width: 768px) 148px, 204px" alt="" loading="eager" decoding="async" />;
}
