import { loadSignUpOpen } from '../../api/launch';
import { useLoadedValue } from '../../lib/use-loaded-value';
import { SparkleIcon } from '../icons/line-icons';
import { Modal } from '../dialog/modal';
import { WaitlistForm } from './waitlist-form';

type JoinWaitlistModalProps = {
  open: boolean;
  onClose: () => void;
  initialEmail?: string;
  referrerEmail?: string | null;
};

const BETA_FULL = "The beta is full right now. Leave your email and you'll be first in line for the next drop.";
const SIGN_UP_OPEN = "Sign-up is open: log in with your email to start creating now. Or leave it here to hear about the next drop.";

/**
 * The Join Waitlist modal: the waitlist form; it closes itself 1.5 s after a sign-up. It says the
 * beta is full only when the server says so (the top bar offers it whether or not it is), and
 * nothing until the server has said.
 */
export function JoinWaitlistModal({ open, onClose, initialEmail, referrerEmail }: JoinWaitlistModalProps) {
  const signUpOpen = useLoadedValue<boolean | null>(loadSignUpOpen, null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      icon={<SparkleIcon />}
      title="Join the Waitlist"
      description={signUpOpen === null ? undefined : signUpOpen ? SIGN_UP_OPEN : BETA_FULL}
    >
      <WaitlistForm initialEmail={initialEmail} referrerEmail={referrerEmail} onSuccess={onClose} autoFocus />
    </Modal>
  );
}
