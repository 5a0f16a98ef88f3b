import type { ProviderName, ServiceMode } from '@app/shared';
import type { RepositoryPorts } from './repository-ports';

/** What every visitor may read about the app: whether it is open, whom to write to, which engine serves each mode. */
export class AppInfoService {
  constructor(
    private readonly repos: RepositoryPorts<{ settings: 'getLaunchStatus' }>,
    private readonly contactEmail: string,
    private readonly mediaBaseUrl: string,
    private readonly engines: Readonly<Record<ServiceMode, ProviderName>>,
  ) {}

  info() {
    return { success: true as const, contactEmail: this.contactEmail, mediaBaseUrl: this.mediaBaseUrl, engines: { ...this.engines } };
  }

  async launchStatus() {
    return { success: true as const, launch: await this.repos.settings.getLaunchStatus() };
  }
}
