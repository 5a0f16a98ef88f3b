import { cookiesContent, LegalPage } from '../../features/legal';

/** /cookies (spec 2 §2). */
export function CookiesPage() {
  return <LegalPage content={cookiesContent} />;
}
