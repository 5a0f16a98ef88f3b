import { useEffect, useId, useState } from 'react';
import { Modal } from '../../components/dialog/modal';
import { ShieldIcon } from '../../components/icons/line-icons';
import { BusyButton } from '../../components/form/busy-button';
import '../../styles/stack.css';
import './agreement.css';

/** The two statements of spec 1 §5, word for word. */
export const AGREEMENT_STATEMENTS = [
  'I confirm that I have the legal rights to upload this media (no people under 18 or without consent).',
  'I agree to follow the content policy (no violence or explicit themes; misuse may lead to a ban or loss of access without refund).',
] as const;

type AgreementModalProps = {
  open: boolean;
  /** A preview of the file waiting for the agreement. */
  previewUrl?: string | null;
  previewIsVideo?: boolean;
  /** The acceptance is being recorded. */
  busy?: boolean;
  onAccept: () => void;
  onCancel: () => void;
};

/** The Media Upload Agreement modal: Accept only once both boxes are ticked; Cancel discards the file. */
export function AgreementModal({ open, previewUrl, previewIsVideo = false, busy = false, onAccept, onCancel }: AgreementModalProps) {
  const id = useId();
  const [ticked, setTicked] = useState<[boolean, boolean]>([false, false]);
  useEffect(() => {
    if (open) setTicked([false, false]);
  }, [open]);
  const both = ticked[0] && ticked[1];

  return (
    <Modal
      open={open}
      onClose={onCancel}
      icon={<ShieldIcon />}
      title="Media Upload Agreement"
      description="Before your first upload, please confirm the following. You'll only be asked once."
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <BusyButton type="button" className="button button--primary" disabled={!both} busy={busy} onClick={onAccept}>
            Accept
          </BusyButton>
        </>
      }
    >
      {previewUrl && (
        <div className="agreement__preview" aria-hidden="true">
          {previewIsVideo ? <video className="cover" src={previewUrl} muted playsInline /> : <img className="cover" src={previewUrl} alt="" />}
        </div>
      )}
      <div className="agreement__checks stack">
        {AGREEMENT_STATEMENTS.map((statement, index) => (
          <label key={statement} className="agreement__check" htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              type="checkbox"
              checked={ticked[index]}
              onChange={(event) =>
                setTicked((current) => {
                  const next: [boolean, boolean] = [...current];
                  next[index] = event.target.checked;
                  return next;
                })
              }
            />
            <span className="agreement__box place-center" aria-hidden="true" />
            <span className="agreement__text">{statement}</span>
          </label>
        ))}
      </div>
    </Modal>
  );
}
