import { LegalPage } from '../../features/legal/components/legal-page';
import { termsContent } from '../../features/legal/content/terms-content';

/** /terms (spec 2 §2). */
export function TermsPage() {
  return <LegalPage content={termsContent} />;
}
