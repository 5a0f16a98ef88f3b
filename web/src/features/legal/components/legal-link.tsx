import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { isMobileDevice } from '../../../lib/is-mobile-device';
import { openLegalSheet } from '../legal-sheet-store';
import type { LegalKind } from '../legal-types';

const HREF: Record<LegalKind, () => string> = {
  terms: () => paths.terms.getHref(),
  privacy: () => paths.privacy.getHref(),
  cookies: () => paths.cookies.getHref(),
};

/**
 * A link to a legal text: its page on a wide screen; on a phone, where spec 3 guards the pages,
 * its text in a sheet over the page the person is on (and from one sheet to another).
 */
export function LegalLink({ kind, className, children }: { kind: LegalKind; className?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    if (!isMobileDevice()) return;
    event.preventDefault();
    openLegalSheet(kind);
  };
  return (
    <Link to={HREF[kind]()} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
