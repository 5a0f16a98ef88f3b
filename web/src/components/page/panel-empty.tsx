import type { ReactNode } from 'react';
import '../../styles/icon-tile.css';
import './page.css';

type PanelEmptyProps = {
  icon?: ReactNode;
  title: string;
  text?: string;
  className?: string;
  /** The way on, such as Try Again or Start Creating. */
  children?: ReactNode;
};

/** What a panel shows in place of its list: nothing there yet, or the list could not load. */
export function PanelEmpty({ icon, title, text, className, children }: PanelEmptyProps) {
  return (
    <div className={className ? `panel-empty ${className}` : 'panel-empty'}>
      {icon && (
        <span className="panel-empty__icon icon-tile" aria-hidden="true">
          {icon}
        </span>
      )}
      <p className="panel-empty__title">{title}</p>
      {text && <p className="panel-empty__text">{text}</p>}
      {children}
    </div>
  );
}
