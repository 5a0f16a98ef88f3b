import { CopyButton } from '../../components/copy/copy-button';

type CodeBlockProps = {
  /** The line above the code (a file name, a shell). */
  caption: string;
  code: string;
  /** What Copy copies, for a screen reader: "the submit example". */
  what: string;
};

/** Code to copy: a monospace block that scrolls sideways inside itself, with Copy in its bar. */
export function CodeBlock({ caption, code, what }: CodeBlockProps) {
  return (
    <figure className="code-block">
      <figcaption className="code-block__bar">
        <span className="code-block__caption">{caption}</span>
        <CopyButton text={code} what={what} className="button button--small code-block__copy" />
      </figcaption>
      {/* Focusable, so a keyboard can scroll a long line into view. */}
      <pre className="code-block__code" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
