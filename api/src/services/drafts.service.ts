import type { DraftView } from '@app/shared/api/drafts';
import type { Draft, User } from '@app/shared/server/db';
import type { DraftFields } from '@app/shared/server/repositories';
import type { MediaUrls } from '@app/shared/server/storage';
import { noSuch } from './service-errors';
import type { RepositoryPorts } from './repository-ports';

/** Drafts of the signed-in person (spec 1 §3 defaults: 4/3, 800×600, 'Untitled draft'). */
export class DraftsService {
  constructor(
    private readonly repos: RepositoryPorts<{ drafts: 'create' | 'update' | 'delete' | 'list' }>,
    private readonly urls: MediaUrls,
  ) {}

  async create(user: User, fields: DraftFields & { media_url: string }) {
    const prompt = fields.prompt?.trim() ? fields.prompt.trim() : 'Untitled draft';
    return { success: true as const, draft: this.toView(await this.repos.drafts.create(user.id, { ...fields, media_url: this.urls.ref(fields.media_url), prompt })) };
  }

  async update(user: User, id: string, fields: DraftFields) {
    const stored = fields.media_url !== undefined ? { ...fields, media_url: this.urls.ref(fields.media_url) } : fields;
    const draft = await this.repos.drafts.update(user.id, id, stored);
    if (!draft) throw noSuch('draft');
    return { success: true as const, draft: this.toView(draft) };
  }

  async delete(user: User, id: string) {
    if (!(await this.repos.drafts.delete(user.id, id))) throw noSuch('draft');
    return { success: true as const };
  }

  async list(user: User) {
    return { success: true as const, drafts: (await this.repos.drafts.list(user.id)).map((draft) => this.toView(draft)) };
  }

  /** A draft's media is stored as a reference (a key when it is ours); the answer carries its address. */
  private toView(draft: Draft): DraftView {
    return { ...draft, media_url: this.urls.ownUrl(draft.media_url, draft.user_id), created_at: draft.created_at.toISOString(), updated_at: draft.updated_at.toISOString() };
  }
}
