import { useNavigate } from 'react-router-dom';
import { Modal } from '../dialog/modal';
import { CheckIcon, SparkleIcon } from '../icons/line-icons';
import { IconList } from '../page/icon-list';
import { paths } from '../../config/paths';
import { closeSignUpPrompt } from './signup-prompt-store';
import { SIGN_UP_FOOTER, SIGN_UP_VARIANTS, type SignUpVariant } from './signup-variants';
import '../../styles/stack.css';
import './signup-prompt.css';

/** The sign-up prompt modal: a variant's title, description and benefits; Sign Up Free or Continue Browsing. */
export function SignUpPromptDialog({ open, variant }: { open: boolean; variant: SignUpVariant | null }) {
  const navigate = useNavigate();
  const content = variant ? SIGN_UP_VARIANTS[variant] : null;

  return (
    <Modal
      open={open && content !== null}
      onClose={closeSignUpPrompt}
      icon={<SparkleIcon />}
      title={content?.title ?? ''}
      description={content?.description}
      footer={
        <div className="signup-prompt__footer stack">
          <button
            type="button"
            className="button button--primary button--large button--block"
            data-autofocus
            onClick={() => {
              closeSignUpPrompt();
              void navigate(paths.auth.getHref());
            }}
          >
            Sign Up Free
          </button>
          <button type="button" className="button button--block" onClick={closeSignUpPrompt}>
            Continue Browsing
          </button>
          <p className="signup-prompt__note">{SIGN_UP_FOOTER}</p>
        </div>
      }
    >
      {content && (
        <IconList
          className="signup-prompt__benefits stack"
          items={content.benefits}
          icon={
            <span className="signup-prompt__check place-center" aria-hidden="true">
              <CheckIcon />
            </span>
          }
        />
      )}
    </Modal>
  );
}
