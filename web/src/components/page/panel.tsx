import { type ReactNode, useId } from 'react';
import { PanelHeader } from './panel-header';

type PanelProps = {
  className: string;
  title: string;
  subtitle: ReactNode;
  /** Beside the title, such as a toolbar. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A profile panel (a tab): a section named by its header's title, then what it holds. */
export function Panel({ className, title, subtitle, actions, children }: PanelProps) {
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId}>
      <PanelHeader titleId={titleId} title={title} subtitle={subtitle}>
        {actions}
      </PanelHeader>
      {children}
    </section>
  );
}
