/** The Media Upload Agreement (spec 1 §4, §5): the signed-in person's status, accepting it, and its modal. */
export { AgreementModal } from './agreement-modal';
export { useUploadAgreement } from './use-upload-agreement';
export type { AgreementState, AgreementStatus } from './agreement-store';
