import type { DraftView } from '@app/shared/api/drafts';
import type { Draft, User } from '@app/shared/server/db';
import type { DraftFields } from '@app/shared/server/repositories';
import { noSuch } from './service-errors';
import type { RepositoryPorts } from './repository-ports';

/** Drafts of the signed-in person (spec 1 §3 defaults: 4/3, 800×600, 'Untitled draft'). */
export class DraftsService {
  constructor(private readonly repos: RepositoryPorts<{ drafts: 'create' | 'update' | 'delete' | 'list' }>) {}

  async create(user: User, fields: DraftFields & { media_url: string }) {
    const prompt = fields.prompt?.trim() ? fields.prompt.trim() : 'Untitled draft';
    return { success: true as const, draft: toDraftView(await this.repos.drafts.create(user.id, { ...fields, prompt })) };
  }

  async update(user: User, id: string, fields: DraftFields) {
    const draft = await this.repos.drafts.update(user.id, id, fields);
    if (!draft) throw noSuch('draft');
    return { success: true as const, draft: toDraftView(draft) };
  }

  async delete(user: User, id: string) {
    if (!(await this.repos.drafts.delete(user.id, id))) throw noSuch('draft');
    return { success: true as const };
  }

  async list(user: User) {
    return { success: true as const, drafts: (await this.repos.drafts.list(user.id)).map(toDraftView) };
  }
}

export function toDraftView(draft: Draft): DraftView {
  return { ...draft, created_at: draft.created_at.toISOString(), updated_at: draft.updated_at.toISOString() };
}
