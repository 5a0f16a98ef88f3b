import type { ReactNode } from 'react';

type HeadingTextProps = { id?: string; title: string; text: ReactNode; titleClassName: string; textClassName: string };

/** A heading and the line under it, as panels and cards open. */
export function HeadingText({ id, title, text, titleClassName, textClassName }: HeadingTextProps) {
  return (
    <div>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      <p className={textClassName}>{text}</p>
    </div>
  );
}
