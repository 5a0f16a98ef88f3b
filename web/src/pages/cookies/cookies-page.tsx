import { LegalPage } from '../../features/legal/components/legal-page';
import { cookiesContent } from '../../features/legal/content/cookies-content';

/** /cookies (spec 2 §2). */
export function CookiesPage() {
  return <LegalPage content={cookiesContent} />;
}
