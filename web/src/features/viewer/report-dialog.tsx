import { REPORT_NOTE_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@app/shared/api/reports';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Modal } from '../../components/dialog/modal';
import { BusyButton } from '../../components/form/busy-button';
import { ProblemMessage } from '../../components/form/form-message';
import { CheckIcon, FlagIcon } from '../../components/icons/line-icons';
import { sendReport } from './report-store';
import '../../components/form/forms.css';
import './report-dialog.css';

/**
 * Report a creation (issue 42): one of six reasons, an optional note, Send; then the dialog
 * says the report was received. Escape and Cancel leave without sending.
 */
export function ReportDialog({ mediaId, onClose }: { mediaId: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [received, setReceived] = useState<string | null>(null);
  const ids = useId();

  const send = async () => {
    if (!reason) {
      setProblem('Pick the reason that fits best.');
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      setReceived(await sendReport(mediaId, reason, note));
    } catch (error) {
      setProblem(errorMessage(error, 'Your report could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  if (received) {
    return (
      <Modal
        open
        onClose={onClose}
        icon={<CheckIcon />}
        title="Report received"
        description={received}
        footer={
          <button type="button" className="button button--primary modal__action" onClick={onClose} data-autofocus>
            Done
          </button>
        }
      />
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!sending}
      icon={<FlagIcon />}
      title="Report this creation"
      description="Tell us what is wrong with it. A person on our team reviews every report."
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={sending}>
            Cancel
          </button>
          <BusyButton type="button" className="button button--primary" onClick={() => void send()} busy={sending}>
            Send
          </BusyButton>
        </>
      }
    >
      <fieldset className="report-dialog__reasons stack" aria-describedby={problem ? `${ids}-problem` : undefined}>
        <legend className="field__label">Reason</legend>
        {REPORT_REASONS.map((option) => (
          <label key={option} className="report-dialog__reason row">
            <input
              type="radio"
              name={`${ids}-reason`}
              value={option}
              checked={reason === option}
              onChange={() => {
                setReason(option);
                setProblem(null);
              }}
              data-autofocus={option === REPORT_REASONS[0] ? true : undefined}
            />
            {REPORT_REASON_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-note`} className="field__label">
          Note (optional)
        </label>
        <textarea
          id={`${ids}-note`}
          className="field__input report-dialog__note"
          value={note}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          rows={3}
          placeholder="Anything that helps us review it"
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <ProblemMessage id={`${ids}-problem`} problem={problem} />
    </Modal>
  );
}
