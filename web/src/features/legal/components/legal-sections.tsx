import type { LegalSection } from '../legal-types';
import '../../../styles/stack.css';

/**
 * A legal text's numbered sections, on its page (h2, anchored by the contents) or in a sheet
 * (h3 under the sheet's title, ids prefixed so they never meet the page's).
 */
export function LegalSections({ sections, heading: Heading = 'h2', idPrefix = '' }: { sections: LegalSection[]; heading?: 'h2' | 'h3'; idPrefix?: string }) {
  return sections.map((section, index) => {
    const id = `${idPrefix}${section.id}`;
    return (
      <section key={section.id} id={id} className="legal-section" aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} className="legal-section__title">
          <span className="legal-section__number">{String(index + 1).padStart(2, '0')}</span>
          {section.title}
        </Heading>
        <div className="legal-section__body stack">{section.body}</div>
      </section>
    );
  });
}
