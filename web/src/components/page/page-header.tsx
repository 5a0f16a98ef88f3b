import type { ReactNode } from 'react';
import { pageTitle } from '../../config/brand';
import './page.css';

type PageHeaderProps = {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** A small label above the title. */
  eyebrow?: string;
  /** Extra content under the title, such as a back link. */
  children?: ReactNode;
};

/** A page's heading; also sets the document title. */
export function PageHeader({ title, description, eyebrow, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <title>{pageTitle(title)}</title>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 className="page-header__title">{title}</h1>
      {description && <p className="page-header__description">{description}</p>}
      {children}
    </header>
  );
}
