import type { ReactNode } from 'react';
import { HeadingText } from './heading-text';
import './page.css';

type PanelHeaderProps = {
  /** The heading's id, for the panel's `aria-labelledby`. */
  titleId?: string;
  title: string;
  subtitle: ReactNode;
  /** Beside the title, such as a toolbar. */
  children?: ReactNode;
};

/** The heading of a profile panel (a tab): its title, a line under it and, at the side, its actions. */
export function PanelHeader({ titleId, title, subtitle, children }: PanelHeaderProps) {
  return (
    <header className="panel-header">
      <HeadingText id={titleId} title={title} text={subtitle} titleClassName="panel-header__title" textClassName="panel-header__subtitle" />
      {children}
    </header>
  );
}
