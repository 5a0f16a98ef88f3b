/** waitlist-signup (spec 1 §7): idempotent per e-mail, same answer whether new or already listed. */
import { waitlistRequest } from '../schemas/auth';
import { messageResponse } from './auth';
import { defineCall } from './define-call';

export const waitlistSignupCall = defineCall({ name: 'waitlist-signup', method: 'POST', request: waitlistRequest, response: messageResponse });
