/** The legal texts (spec 2 §2): a page each, and the sheet that shows one over the page on a phone. */
export { LegalPage } from './components/legal-page';
export { LegalLink } from './components/legal-link';
export { LegalSheetHost } from './components/legal-sheet-host';
export { openLegalSheet } from './legal-sheet-store';
export type { LegalKind } from './legal-types';
export { cookiesContent } from './content/cookies-content';
export { privacyContent } from './content/privacy-content';
export { termsContent } from './content/terms-content';
