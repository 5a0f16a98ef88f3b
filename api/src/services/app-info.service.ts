import type { RepositoryPorts } from './repository-ports';

/** What every visitor may read about the app: whether it is open, and whom to write to. */
export class AppInfoService {
  constructor(
    private readonly repos: RepositoryPorts<{ settings: 'getLaunchStatus' }>,
    private readonly contactEmail: string,
    private readonly mediaBaseUrl: string,
  ) {}

  info() {
    return { success: true as const, contactEmail: this.contactEmail, mediaBaseUrl: this.mediaBaseUrl };
  }

  async launchStatus() {
    return { success: true as const, launch: await this.repos.settings.getLaunchStatus() };
  }
}
