import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons/line-icons';
import '../../styles/close-button.css';
import '../../styles/cluster.css';
import '../../styles/icon-tile.css';
import '../../styles/stack.css';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open modals, the top one last: the page behind them is inert while any is, and Escape is the top one's. */
const openModals: symbol[] = [];

function setPageInert(inert: boolean): void {
  const root = document.getElementById('root');
  if (root) root.inert = inert;
  document.documentElement.classList.toggle('has-modal', inert);
}

type ModalProps = {
  open: boolean;
  /** Escape, the close button and a click on the backdrop call it, unless `dismissible` is false. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The row of buttons at the bottom. */
  footer?: ReactNode;
  /** False while something runs that must not be walked away from. */
  dismissible?: boolean;
  tone?: 'default' | 'danger';
  icon?: ReactNode;
  /** `alertdialog` for messages that need an answer. */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal dialog over the app: focus moves into it (to the element marked `data-autofocus`,
 * else the first control) and stays there, the page behind is inert, Escape closes it and
 * focus returns where it was.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  tone = 'default',
  icon,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  onCloseRef.current = onClose;
  dismissibleRef.current = dismissible;
  /** This modal's place in the stack while it is open. */
  const self = useRef<symbol | null>(null);

  useEffect(() => {
    if (!open) return;
    const me = Symbol('modal');
    self.current = me;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.push(me);
    setPageInert(true);
    // On the document, not the layer: a focused button that gets disabled (a step that is sending)
    // drops the focus to the page's body, where the layer would no longer hear the key.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || openModals.at(-1) !== me || !dismissibleRef.current) return;
      event.stopPropagation();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onEscape);

    return () => {
      document.removeEventListener('keydown', onEscape);
      openModals.splice(openModals.indexOf(me), 1);
      self.current = null;
      if (openModals.length === 0) setPageInert(false);
      previous?.focus();
    };
  }, [open]);

  // Focus goes into the modal when it opens (the effect above has noted where it was), and back
  // in whenever a step replaced or disabled the focused control, leaving the focus on the page's
  // body or on the panel: to the step's `data-autofocus` control, else its first. Only the top
  // modal does: one opened over it holds the focus.
  useEffect(() => {
    const node = panel.current;
    const active = document.activeElement;
    if (!open || !node || openModals.at(-1) !== self.current || (active !== node && node.contains(active))) return;
    const first = node.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ?? node.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node).focus();
  });

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-layer" onKeyDown={onKeyDown}>
      <div className="modal-backdrop" aria-hidden="true" onClick={() => dismissible && onClose()} />
      <div
        ref={panel}
        className={`modal modal--${tone}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        {dismissible && (
          <button type="button" className="modal__close close-button" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        )}
        <header className="modal__header stack">
          {icon && (
            <span className="modal__icon icon-tile" aria-hidden="true">
              {icon}
            </span>
          )}
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="modal__description">
              {description}
            </p>
          )}
        </header>
        {children && <div className="modal__body stack">{children}</div>}
        {footer && <footer className="modal__footer cluster">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
