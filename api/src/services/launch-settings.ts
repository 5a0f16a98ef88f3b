import type { AdminSettings } from '@app/shared/api/admin';
import type { RepositoryPorts } from './repository-ports';

const BETA_CAP_KEY = 'beta-account-cap';

/**
 * The launch switch and the beta cap, kept in the settings table so an operator opens or closes
 * the product from the dashboard without a restart. BETA_ACCOUNT_CAP is the cap until an admin
 * sets one (null there means no cap).
 */
export class LaunchSettings {
  constructor(
    private readonly repos: RepositoryPorts<{ settings: 'get' | 'set' | 'getLaunchStatus' | 'setLaunchStatus'; users: 'count' }>,
    private readonly configuredCap: number | undefined,
  ) {}

  async betaAccountCap(): Promise<number | undefined> {
    const stored = await this.repos.settings.get<{ cap: number | null }>(BETA_CAP_KEY);
    if (stored === undefined) return this.configuredCap;
    return stored.cap ?? undefined;
  }

  /** Whether a new account can join now: no cap, or fewer accounts than it. */
  async signUpOpen(): Promise<boolean> {
    const cap = await this.betaAccountCap();
    return cap === undefined || (await this.repos.users.count()) < cap;
  }

  async read(): Promise<AdminSettings> {
    const [launch, cap] = await Promise.all([this.repos.settings.getLaunchStatus(), this.betaAccountCap()]);
    return { isLaunched: launch.is_launched, betaAccountCap: cap ?? null };
  }

  async update(changes: Partial<AdminSettings>): Promise<AdminSettings> {
    if (changes.isLaunched !== undefined) await this.repos.settings.setLaunchStatus(changes.isLaunched);
    if (changes.betaAccountCap !== undefined) await this.repos.settings.set(BETA_CAP_KEY, { cap: changes.betaAccountCap });
    return this.read();
  }
}
