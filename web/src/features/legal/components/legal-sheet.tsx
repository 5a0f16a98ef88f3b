import { Modal } from '../../../components/dialog/modal';
import { useContactEmail } from '../api/app-info-api';
import { cookiesContent } from '../content/cookies-content';
import { privacyContent } from '../content/privacy-content';
import { termsContent } from '../content/terms-content';
import { LEGAL_LAST_UPDATED, type LegalKind } from '../legal-types';
import { LegalSections } from './legal-sections';
import '../../../styles/stack.css';
import '../legal.css';

const CONTENT = { terms: termsContent, privacy: privacyContent, cookies: cookiesContent } as const satisfies Record<LegalKind, unknown>;

/**
 * A legal text in a sheet over the page, for phones: the legal pages are desktop routes there
 * (spec 3 guards them), so a link to one from a phone's page opens its text in place instead.
 */
export function LegalSheet({ kind, onClose }: { kind: LegalKind; onClose: () => void }) {
  const contact = useContactEmail();
  const content = CONTENT[kind](contact);
  return (
    <Modal
      open
      onClose={onClose}
      title={content.title}
      description={`Last updated ${LEGAL_LAST_UPDATED}`}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="legal-sheet stack">
        <p className="legal-sheet__summary">{content.summary}</p>
        <LegalSections sections={content.sections} heading="h3" idPrefix="sheet-" />
      </div>
    </Modal>
  );
}
