import { LegalPage, privacyContent } from '../../features/legal';

/** /privacy (spec 2 §2). */
export function PrivacyPage() {
  return <LegalPage content={privacyContent} />;
}
