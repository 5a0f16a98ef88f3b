import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { MailIcon } from '../../components/icons/line-icons';
import { JoinWaitlistModal } from '../../components/waitlist/join-waitlist-modal';
import { pageTitle } from '../../config/brand';
import { LegalLink } from '../../features/legal';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { InviteBanner } from './invite-banner';
import { useEmailSignIn } from '../../features/email-sign-in';
import '../../components/form/forms.css';
import '../../styles/icon-tile.css';
import '../../styles/stack.css';
import './auth.css';

/** E-mail code sign-in, /auth (spec 3 §2): e-mail, then the 6-digit code; `?referrer=` invites. */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const referrer = searchParams.get('referrer')?.trim() || null;
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const flow = useEmailSignIn({
    referrerEmail: referrer,
    onSignedIn: () => void navigate(paths.home.getHref(), { replace: true }),
  });

  if (isAuthenticated) return <Navigate to={paths.home.getHref()} replace />;

  const onCodeStep = flow.step === 'code';
  return (
    <div className="auth-page">
      <title>{pageTitle('Sign in')}</title>
      <section className="auth-card stack" aria-labelledby="auth-title">
        <ol className="auth-steps" aria-label={`Step ${onCodeStep ? 2 : 1} of 2`}>
          <li className="auth-steps__dot is-done" />
          <li className={`auth-steps__dot${onCodeStep ? ' is-done' : ''}`} />
        </ol>
        {referrer && <InviteBanner referrerEmail={referrer} />}
        <header className="auth-card__header stack">
          <span className="auth-card__badge icon-tile" aria-hidden="true">
            <MailIcon />
          </span>
          <h1 id="auth-title" className="auth-card__title">
            {onCodeStep ? 'Check your email' : 'Sign in to Mirrorverse'}
          </h1>
          <p className="auth-card__lead">
            {onCodeStep ? (
              <>
                Enter the 6-digit code we sent to <strong className="auth-card__email">{flow.sentTo}</strong>
              </>
            ) : (
              'Enter your email and we’ll send you a one-time code. New here? The same code creates your account.'
            )}
          </p>
        </header>

        {onCodeStep ? (
          <CodeStep
            code={flow.code}
            onCodeChange={flow.setCode}
            onSubmit={(code) => void flow.submitCode(code)}
            onResend={() => void flow.resend()}
            onBack={flow.backToEmail}
            verifying={flow.busy === 'verifying'}
            resending={flow.busy === 'resending'}
            secondsLeft={flow.secondsLeft}
            error={flow.error}
          />
        ) : (
          <EmailStep
            email={flow.email}
            onEmailChange={flow.setEmail}
            onSubmit={() => void flow.submitEmail()}
            sending={flow.busy === 'sending'}
            error={flow.error}
            betaFull={flow.betaFull}
            onJoinWaitlist={() => setWaitlistOpen(true)}
          />
        )}

        <p className="auth-card__legal">
          By continuing you confirm you're 18 or older and agree to our{' '}
          <LegalLink kind="terms">Terms</LegalLink> and <LegalLink kind="privacy">Privacy Policy</LegalLink>
          .
        </p>
      </section>

      <JoinWaitlistModal
        open={waitlistOpen}
        onClose={() => setWaitlistOpen(false)}
        initialEmail={flow.email}
        referrerEmail={referrer}
      />
    </div>
  );
}
