/** The Media Upload Agreement (spec 1 §4, §5): the signed-in person's status, accepting it, and its modal. */
import { lazyDialog } from '../../components/dialog/lazy-dialog';

/** The agreement's modal; its code loads the first time it opens (an upload before the agreement). */
export const AgreementModal = lazyDialog(() => import('./agreement-modal').then((module) => module.AgreementModal));
export { useUploadAgreement } from './use-upload-agreement';
export type { AgreementState, AgreementStatus } from './agreement-store';
