/** The legal texts (spec 2 §2): a page each, and the sheet that shows one over the page on a phone. */
export { LegalPage } from './components/legal-page';
export { LegalSheet } from './components/lazy-legal-sheet';
export type { LegalSheetKind } from './components/legal-sheet';
export { cookiesContent } from './content/cookies-content';
export { privacyContent } from './content/privacy-content';
export { termsContent } from './content/terms-content';
