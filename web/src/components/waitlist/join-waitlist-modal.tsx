import { SparkleIcon } from '../icons/line-icons';
import { Modal } from '../dialog/modal';
import { WaitlistForm } from './waitlist-form';

type JoinWaitlistModalProps = {
  open: boolean;
  onClose: () => void;
  initialEmail?: string;
  referrerEmail?: string | null;
};

/** The Join Waitlist modal: the waitlist form; it closes itself 1.5 s after a sign-up. */
export function JoinWaitlistModal({ open, onClose, initialEmail, referrerEmail }: JoinWaitlistModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      icon={<SparkleIcon />}
      title="Join the Waitlist"
      description="The beta is full right now. Leave your email and you'll be first in line for the next drop."
    >
      <WaitlistForm initialEmail={initialEmail} referrerEmail={referrerEmail} onSuccess={onClose} autoFocus />
    </Modal>
  );
}
