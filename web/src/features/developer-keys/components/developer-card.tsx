import { type ReactNode, useId } from 'react';
import { HeadingText } from '../../../components/page/heading-text';
import '../../../styles/icon-tile.css';
import '../../../styles/sheen-card.css';
import '../../../styles/stack.css';

type DeveloperCardProps = { icon: ReactNode; title: string; text: ReactNode; children: ReactNode };

/** A card of the Developers tab (API keys, webhooks), labelled by its own title. */
export function DeveloperCard({ icon, title, text, children }: DeveloperCardProps) {
  const titleId = useId();
  return (
    <section className="developer-card stack sheen-card" aria-labelledby={titleId}>
      <header className="developer-card__header">
        <span className="developer-card__icon icon-tile" aria-hidden="true">
          {icon}
        </span>
        <HeadingText id={titleId} title={title} text={text} titleClassName="developer-card__title" textClassName="developer-card__text" />
      </header>
      {children}
    </section>
  );
}
