import { type FormEvent, useId } from 'react';
import { Modal } from '../../../components/dialog/modal';
import { CodeInput } from '../../../components/form/code-input';
import { ProblemMessage, problemProps } from '../../../components/form/form-message';
import { EmailField } from '../../../components/form/text-field';
import { MailIcon } from '../../../components/icons/line-icons';
import { useChangeEmail } from './use-change-email';
import { BusyButton } from '../../../components/form/busy-button';
import '../../../styles/stack.css';

type ChangeEmailModalProps = {
  open: boolean;
  currentEmail: string;
  onClose: () => void;
};

/** Change Email (spec 2 §2): step one the new address and Send Code, step two the 6-digit code. */
export function ChangeEmailModal({ open, currentEmail, onClose }: ChangeEmailModalProps) {
  const id = useId();
  const flow = useChangeEmail(onClose);
  const cancel = () => {
    flow.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (flow.step === 'email' ? flow.sendCode() : flow.updateEmail());
  };
  const formId = `${id}-form`;
  const problemId = `${id}-problem`;

  return (
    <Modal
      open={open}
      onClose={cancel}
      dismissible={!flow.busy}
      icon={<MailIcon />}
      title="Change Email"
      description={
        flow.step === 'email' ? (
          <>
            Enter the new address. We'll send a verification code there
            {currentEmail ? (
              <>
                {' '}
                — you're signed in as <strong>{currentEmail}</strong>
              </>
            ) : null}
            .
          </>
        ) : (
          <>
            Enter the 6-digit code we sent to <strong>{flow.newEmail.trim()}</strong>.
          </>
        )
      }
      footer={
        <>
          {flow.step === 'code' && (
            <button type="button" className="button modal__back" onClick={flow.back} disabled={flow.busy}>
              Back
            </button>
          )}
          <button type="button" className="button" onClick={cancel} disabled={flow.busy}>
            Cancel
          </button>
          <BusyButton type="submit" form={formId} className="button button--primary" busy={flow.busy}>
            {flow.step === 'email' ? 'Send Code' : 'Update Email'}
          </BusyButton>
        </>
      }
    >
      <form id={formId} className="modal-form stack" onSubmit={submit} noValidate>
        {flow.step === 'email' ? (
          <div className="field">
            <EmailField
              id={`${id}-email`}
              label="New email address"
              name="newEmail"
              value={flow.newEmail}
              onValueChange={flow.setNewEmail}
              {...problemProps(problemId, flow.problem)}
              data-autofocus
            />
          </div>
        ) : (
          <CodeInput
            label="Verification code"
            name="otp"
            value={flow.otp}
            onChange={flow.setOtp}
            {...problemProps(problemId, flow.problem)}
            disabled={flow.busy}
            autoFocus
          />
        )}
        <ProblemMessage id={problemId} problem={flow.problem} />
      </form>
    </Modal>
  );
}
