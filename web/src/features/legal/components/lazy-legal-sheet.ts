import { lazy } from 'react';

/** The legal sheet, its code and texts loaded when it is first shown (render it inside Suspense). */
export const LegalSheet = lazy(() => import('./legal-sheet').then((module) => ({ default: module.LegalSheet })));
