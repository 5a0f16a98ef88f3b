import { useContactEmail } from '../api/app-info-api';
import type { LegalDocumentContent } from '../legal-types';
import { LegalDocument } from './legal-document';

/** A legal page with the contact mailbox from get-app-info. */
export function LegalPage({ content }: { content: (contact: string) => LegalDocumentContent }) {
  const contact = useContactEmail();
  return <LegalDocument content={content(contact)} contact={contact} />;
}
