import { LegalPage, termsContent } from '../../features/legal';

/** /terms (spec 2 §2). */
export function TermsPage() {
  return <LegalPage content={termsContent} />;
}
