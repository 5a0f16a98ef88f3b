import { LegalPage } from '../../features/legal/components/legal-page';
import { privacyContent } from '../../features/legal/content/privacy-content';

/** /privacy (spec 2 §2). */
export function PrivacyPage() {
  return <LegalPage content={privacyContent} />;
}
