import { createStore } from '../../lib/create-store';
import type { LegalKind } from './legal-types';

/** The legal text shown in a sheet over the page (phones), or null. */
export const legalSheetStore = createStore<LegalKind | null>(null);

/** Shows `kind`'s text over the page: what a legal link does on a phone, where the pages are not routes. */
export function openLegalSheet(kind: LegalKind): void {
  legalSheetStore.set(kind);
}
