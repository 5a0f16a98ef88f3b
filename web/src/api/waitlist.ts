import { waitlistSignupCall } from '@app/shared/api/waitlist';
import { callApiData } from './client';

/** POST waitlist-signup (spec 1 §7); signing up twice is harmless. */
export function joinWaitlist(email: string, referrerEmail: string | null, source: 'waitlist' | 'coming-soon' = 'waitlist') {
  return callApiData(waitlistSignupCall, { body: { email, referrerEmail: referrerEmail ?? '', source }, auth: 'none' });
}
