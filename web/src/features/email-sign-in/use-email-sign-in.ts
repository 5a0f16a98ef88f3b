import { OTP_LENGTH, OTP_TTL_SECONDS } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from '../../api/api-error';
import { checkSignUpQuota, requestLoginCode, type SignUpQuotaAnswer, verifyLoginCode } from '../../api/auth';
import { updateProfile } from '../../api/profile';
import { toast } from '../../components/toast/toast-store';
import { emailProblem, validEmailOrNull } from '../../lib/email';
import { signIn } from '../../state/auth-store';
import { refreshProfile } from '../../state/profile';
import { useCountdown } from './use-countdown';

/** The texts of spec 3 §8. */
export const SIGN_IN_TEXT = {
  quotaFailed: 'Unable to check quota. Please try again.',
  betaFull: 'Beta full. Join the waitlist to be first in line for the next drop.',
  sendFailed: 'Failed to send code',
  resendFailed: 'Failed to resend code',
  invalidCode: 'Invalid code',
  badCode: 'Please enter a valid 6-digit code',
  codeSent: 'Login code sent to your email!',
  codeResent: 'New login code sent!',
  signedIn: 'Login successful!',
} as const;

export type SignInStep = 'email' | 'code';
type Busy = 'sending' | 'verifying' | 'resending' | null;

const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

function isBetaFull(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'BETA_FULL';
}

/**
 * E-mail code sign-in (spec 3 §4): the e-mail step, then the code step once a code is sent,
 * with its 10-minute countdown. Calls `onSignedIn` after a successful sign-in.
 */
export function useEmailSignIn({ referrerEmail, onSignedIn }: { referrerEmail: string | null; onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SignInStep>('email');
  const [email, setEmailValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [betaFull, setBetaFull] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const secondsLeft = useCountdown(deadline);
  /** The address the current code was sent to. */
  const [sentTo, setSentTo] = useState('');

  const setEmail = useCallback((value: string) => {
    setEmailValue(value);
    setError(null);
    setBetaFull(false);
  }, []);

  const setCode = useCallback((value: string) => {
    setCodeValue(value);
    setError(null);
  }, []);

  const startCountdown = () => setDeadline(Date.now() + OTP_TTL_SECONDS * 1000);

  const submitEmail = async () => {
    if (busy) return;
    const problem = emailProblem(email);
    if (problem) return setError(problem);
    const address = email.trim().toLowerCase();
    setBusy('sending');
    setError(null);
    setBetaFull(false);
    try {
      let quota: SignUpQuotaAnswer;
      try {
        quota = await checkSignUpQuota(address);
      } catch (caught) {
        return setError(caught instanceof ApiError && caught.isNetworkError ? NETWORK_ERROR_MESSAGE : SIGN_IN_TEXT.quotaFailed);
      }
      if (!quota.success) return setError(SIGN_IN_TEXT.quotaFailed);
      if (!quota.canSignUp) {
        setBetaFull(true);
        return setError(SIGN_IN_TEXT.betaFull);
      }
      try {
        await requestLoginCode(address);
      } catch (caught) {
        if (isBetaFull(caught)) setBetaFull(true);
        return setError(isBetaFull(caught) ? SIGN_IN_TEXT.betaFull : errorMessage(caught, SIGN_IN_TEXT.sendFailed));
      }
      setSentTo(address);
      setCodeValue('');
      setStep('code');
      startCountdown();
      toast.success(SIGN_IN_TEXT.codeSent);
    } finally {
      setBusy(null);
    }
  };

  const submitCode = async (value = code) => {
    if (busy === 'verifying') return;
    if (!CODE_PATTERN.test(value)) return setError(SIGN_IN_TEXT.badCode);
    setBusy('verifying');
    setError(null);
    try {
      const answer = await verifyLoginCode({
        email: sentTo,
        code: value,
        referrerEmail: validEmailOrNull(referrerEmail) ?? undefined,
      });
      signIn({ token: answer.accessToken || answer.token, refreshToken: answer.refreshToken, user: answer.user });
      toast.success(SIGN_IN_TEXT.signedIn);
      // The server completes the onboarding on this empty update (spec 3 §4, "After sign-in").
      void updateProfile({})
        .then(() => refreshProfile(queryClient))
        .catch(() => {});
      onSignedIn();
    } catch (caught) {
      setCodeValue('');
      setError(errorMessage(caught, SIGN_IN_TEXT.invalidCode));
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy || secondsLeft > 0) return;
    setBusy('resending');
    setError(null);
    try {
      await requestLoginCode(sentTo);
      setCodeValue('');
      startCountdown();
      toast.success(SIGN_IN_TEXT.codeResent);
    } catch (caught) {
      const message = caught instanceof ApiError && caught.isNetworkError ? NETWORK_ERROR_MESSAGE : SIGN_IN_TEXT.resendFailed;
      setError(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  /** Back to Email: everything starts over. */
  const backToEmail = () => {
    setStep('email');
    setEmailValue('');
    setCodeValue('');
    setError(null);
    setBetaFull(false);
    setBusy(null);
    setDeadline(null);
    setSentTo('');
  };

  return {
    step,
    email,
    sentTo,
    code,
    error,
    betaFull,
    busy,
    secondsLeft,
    setEmail,
    setCode,
    submitEmail,
    submitCode,
    resend,
    backToEmail,
  };
}
