import { PRICES, type ProviderName, type ServiceMode } from '@app/shared';
import type { LaunchSettings } from './launch-settings';
import type { RepositoryPorts } from './repository-ports';

/** What every visitor may read about the app: whether it is open, whom to write to, which engine serves each mode, what each kind of run costs. */
export class AppInfoService {
  constructor(
    private readonly repos: RepositoryPorts<{ settings: 'getLaunchStatus' }>,
    private readonly contactEmail: string,
    private readonly mediaBaseUrl: string,
    private readonly engines: Readonly<Record<ServiceMode, ProviderName>>,
    private readonly launch: Pick<LaunchSettings, 'signUpOpen'>,
  ) {}

  info() {
    // The table generationCost charges by, served as it is: what the composer shows is what is debited.
    return { success: true as const, contactEmail: this.contactEmail, mediaBaseUrl: this.mediaBaseUrl, engines: { ...this.engines }, prices: { ...PRICES } };
  }

  async launchStatus() {
    const [launch, signUpOpen] = await Promise.all([this.repos.settings.getLaunchStatus(), this.launch.signUpOpen()]);
    return { success: true as const, launch, signUpOpen };
  }
}
