import { GUIDE_LOOKS } from '@app/shared';
import { useNavigate } from 'react-router-dom';
import { SparkleIcon } from '../../components/icons/line-icons';
import { PageHeader } from '../../components/page/page-header';
import { SocialLinks } from '../../components/social-links/social-links';
import { paths } from '../../config/paths';
import type { LookMode, LookNavigationState } from '../../features/composer';
import { useWeeklyPresets } from '../../entities/preset/weekly-presets';
import { LookCard } from './look-card';
import { PROMPT_GUIDES } from './prompt-advice';
import { PromptGuide } from './prompt-guide';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import '../../styles/hero-panel.css';
import '../../styles/surface-card.css';
import './best-practices.css';
import { LegalLink } from '../../features/legal';

/** Spec 3 §9: the guide shows the first 5 presets of get-presets. */
const POPULAR_COUNT = 5;

/** The guide, /bestpractices (spec 3 §2): the looks with examples, prompt advice and popular presets. */
export function BestPracticesPage() {
  const navigate = useNavigate();
  const weekly = useWeeklyPresets();

  // The home screen's composer reads this state and asks for sign-in itself when needed.
  const tryLook = (mode: LookMode, presetId: string) => {
    const state: LookNavigationState = { lookMode: mode, lookPresetId: presetId };
    void navigate(paths.home.getHref(), { state });
  };

  return (
    <div className="page guide stack">
      <div className="guide__hero hero-panel stack">
        <PageHeader
          eyebrow="The guide"
          title="How to Get the Look"
          description="Twelve looks made from one portrait, what each one does, and how to write prompts that land on the first try. Pick a look you like and try it on your own photo."
        />
        <nav className="guide__jump cluster" aria-label="On this page">
          {GUIDE_LOOKS.map((section) => (
            <a key={section.mode} href={`#${section.mode}`} className="guide__jump-link chip">
              {section.title}
            </a>
          ))}
          <a href="#prompts" className="guide__jump-link chip">
            Writing prompts
          </a>
        </nav>
      </div>

      {GUIDE_LOOKS.map((section) => (
        <section key={section.mode} id={section.mode} className="guide__section stack" aria-labelledby={`${section.mode}-title`}>
          <h2 id={`${section.mode}-title`} className="guide__section-title">
            {section.title}
          </h2>
          <ul className="look-grid card-grid">
            {section.presetIds.map((id) => (
              <LookCard key={id} catalogueMode={section.mode} presetId={id} onTry={(presetId) => tryLook(section.clientMode, presetId)} />
            ))}
          </ul>
        </section>
      ))}

      <section id="prompts" className="guide__section stack" aria-labelledby="prompts-title">
        <h2 id="prompts-title" className="guide__section-title">
          Writing prompts
        </h2>
        <div className="guide__prompts stack">
          {PROMPT_GUIDES.map((guide) => (
            <PromptGuide key={guide.id} guide={guide} />
          ))}
        </div>
      </section>

      <section className="guide__section stack" aria-labelledby="popular-title">
        <h2 id="popular-title" className="guide__section-title">
          Popular right now
        </h2>
        {weekly.status === 'error' ? (
          <p className="guide__muted">This week’s looks could not be loaded.</p>
        ) : (
          <ul className="popular-presets cluster" aria-busy={weekly.status === 'loading'}>
            {(weekly.presets ?? []).slice(0, POPULAR_COUNT).map((preset) => (
              <li key={preset.id} className="popular-preset chip inline-row">
                <SparkleIcon />
                {preset.label}
              </li>
            ))}
          </ul>
        )}
      </section>

      <footer className="guide__footer cluster">
        <nav className="guide__legal cluster" aria-label="Legal">
          <LegalLink kind="privacy">Privacy Policy</LegalLink>
          <LegalLink kind="terms">Terms of Service</LegalLink>
          <LegalLink kind="cookies">Cookies Policy</LegalLink>
        </nav>
        <SocialLinks className="guide__social" />
      </footer>
    </div>
  );
}
