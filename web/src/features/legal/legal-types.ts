import type { ReactNode } from 'react';

/** One legal page: its title, a short summary and numbered sections. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentContent {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}

export const LEGAL_LAST_UPDATED = 'August 4, 2025';

/** The three legal texts (spec 2 §2), each a page on a wide screen and a sheet on a phone. */
export type LegalKind = 'terms' | 'privacy' | 'cookies';
