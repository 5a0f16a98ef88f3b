import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { changeEmail, requestEmailChangeCode } from '../../../api/account';
import { toast } from '../../../components/toast/toast-store';
import { updateAuthUser } from '../../../state/auth-store';
import { refreshProfile } from '../../../state/profile';

/** The texts of spec 2 §5 and §8. */
export const CHANGE_EMAIL_TEXT = {
  noEmail: 'Enter a new email address',
  noCode: 'Enter the verification code',
  codeSent: 'Verification code sent to your new email address!',
  updated: 'Email updated successfully!',
  sendFailed: 'Failed to send verification code. Try again.',
  updateFailed: 'Failed to update email. Try again.',
} as const;

/**
 * The e-mail change (spec 2 §4): the new address, a code sent to it, then the update; on
 * success the fields clear, `onDone` closes the modal and the profile loads again.
 */
export function useChangeEmail(onDone: () => void) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [newEmail, setNewEmailValue] = useState('');
  const [otp, setOtpValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep('email');
    setNewEmailValue('');
    setOtpValue('');
    setProblem(null);
    setBusy(false);
  };

  /** One step's request: the value must be there; the form is busy while `send` runs. */
  const runStep = async (value: string, missing: string, failed: string, send: (value: string) => Promise<void>) => {
    if (busy) return;
    if (!value) return setProblem(missing);
    setBusy(true);
    setProblem(null);
    try {
      await send(value);
    } catch (caught) {
      toast.error('Error', errorMessage(caught, failed));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () =>
    runStep(newEmail.trim(), CHANGE_EMAIL_TEXT.noEmail, CHANGE_EMAIL_TEXT.sendFailed, async (address) => {
      await requestEmailChangeCode(address);
      toast.success(CHANGE_EMAIL_TEXT.codeSent);
      setOtpValue('');
      setStep('code');
    });

  const updateEmail = () =>
    runStep(otp.trim(), CHANGE_EMAIL_TEXT.noCode, CHANGE_EMAIL_TEXT.updateFailed, async (code) => {
      const answer = await changeEmail(newEmail.trim(), code);
      toast.success(CHANGE_EMAIL_TEXT.updated);
      updateAuthUser({ email: answer.newEmail || newEmail.trim().toLowerCase() });
      reset();
      onDone();
      void refreshProfile(queryClient);
    });

  return {
    step,
    newEmail,
    otp,
    problem,
    busy,
    setNewEmail: (value: string) => {
      setNewEmailValue(value);
      setProblem(null);
    },
    setOtp: (value: string) => {
      setOtpValue(value);
      setProblem(null);
    },
    sendCode,
    updateEmail,
    back: () => {
      setStep('email');
      setOtpValue('');
      setProblem(null);
    },
    reset,
  };
}
