/** E-mail code sign-in (spec 3 §4): the e-mail step, then the code step with its countdown. */
export { SIGN_IN_TEXT, type SignInStep, useEmailSignIn } from './use-email-sign-in';
export { formatCountdown } from './use-countdown';
