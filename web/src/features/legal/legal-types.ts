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
