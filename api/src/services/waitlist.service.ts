import type { RepositoryPorts } from './repository-ports';

/** waitlist-signup: idempotent per e-mail, the same answer whether new or already listed. */
export class WaitlistService {
  constructor(private readonly repos: RepositoryPorts<{ waitlist: 'add' }>) {}

  async join(input: { email: string; referrerEmail?: string; source?: 'waitlist' | 'coming-soon' }) {
    await this.repos.waitlist.add({ email: input.email, referrerEmail: input.referrerEmail ?? null, ...(input.source ? { source: input.source } : {}) });
    return { success: true as const, message: "You're on the list! We'll email you when your spot opens." };
  }
}
