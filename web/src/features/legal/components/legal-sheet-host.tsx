import { Suspense } from 'react';
import { useStore } from '../../../lib/create-store';
import { legalSheetStore } from '../legal-sheet-store';
import { LegalSheet } from './lazy-legal-sheet';

/** The one legal sheet of the app, shown when a legal link asks on a phone (its code loads then). */
export function LegalSheetHost() {
  const kind = useStore(legalSheetStore);
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <LegalSheet kind={kind} onClose={() => legalSheetStore.set(null)} />
    </Suspense>
  );
}
