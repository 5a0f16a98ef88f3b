import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon, ShieldIcon } from '../../../components/icons/line-icons';
import { pageTitle } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { LEGAL_LAST_UPDATED, type LegalDocumentContent } from '../legal-types';
import { LegalSections } from './legal-sections';
import '../../../styles/icon-tile.css';
import '../../../styles/panels.css';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';
import '../legal.css';

const OTHER_PAGES = [
  { href: paths.privacy.getHref(), label: 'Privacy Policy' },
  { href: paths.terms.getHref(), label: 'Terms of Service' },
  { href: paths.cookies.getHref(), label: 'Cookies Policy' },
];

/**
 * A legal page (spec 2 §2): Back, the title, 'Last updated August 4, 2025', a short summary,
 * the contents and numbered sections set for reading.
 */
export function LegalDocument({ content, contact }: { content: LegalDocumentContent; contact: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Back returns where the reader came from; opened directly, it goes home.
  const back = () => void (location.key !== 'default' ? navigate(-1) : navigate(paths.home.getHref()));

  return (
    <div className="page legal">
      <title>{pageTitle(content.title)}</title>
      <div className="legal__bar">
        <button type="button" className="back-button" onClick={back}>
          <ArrowLeftIcon />
          Back
        </button>
      </div>

      <header className="legal__header stack">
        <p className="eyebrow">Legal</p>
        <h1 className="legal__title">{content.title}</h1>
        <p className="legal__updated">Last updated {LEGAL_LAST_UPDATED}</p>
      </header>

      <div className="legal__layout">
        <aside className="legal__aside stack">
          <nav className="legal-toc" aria-label="On this page">
            <p className="legal-toc__title">On this page</p>
            <ol>
              {content.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <nav className="legal-others stack" aria-label="Legal pages">
            {OTHER_PAGES.map((page) => (
              <Link
                key={page.href}
                to={page.href}
                className="legal-others__link"
                aria-current={location.pathname === page.href ? 'page' : undefined}
              >
                {page.label}
              </Link>
            ))}
          </nav>
        </aside>

        <article className="legal__body">
          <div className="legal-summary">
            <span className="legal-summary__icon icon-tile" aria-hidden="true">
              <ShieldIcon />
            </span>
            <div>
              <p className="legal-summary__title">In short</p>
              <p className="legal-summary__text">{content.summary}</p>
            </div>
          </div>
          <LegalSections sections={content.sections} />
          <footer className="legal__footer cluster">
            <p>
              Contact: <a href={`mailto:${contact}`}>{contact}</a>
            </p>
            <p>Last updated {LEGAL_LAST_UPDATED}</p>
          </footer>
        </article>
      </div>
    </div>
  );
}
