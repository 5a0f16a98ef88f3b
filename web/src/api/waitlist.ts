import { apiRequest } from './client';

/** POST waitlist-signup (spec 1 §7); signing up twice is harmless. */
export function joinWaitlist(
  email: string,
  referrerEmail: string | null,
  source: 'waitlist' | 'coming-soon' = 'waitlist',
): Promise<{ success: true; message?: string }> {
  return apiRequest('waitlist-signup', {
    body: { email, referrerEmail: referrerEmail ?? '', source },
    auth: 'none',
  });
}
