import { type Db, type Draft, type DraftFields, DraftsRepository, type User } from '@app/shared/server';
import { notFound } from '../http/errors';

/** Drafts of the signed-in person (spec 1 §3 defaults: 4/3, 800×600, 'Untitled draft'). */
export class DraftsService {
  constructor(private readonly db: Db) {}

  async create(user: User, fields: DraftFields & { media_url: string }) {
    const prompt = fields.prompt?.trim() ? fields.prompt.trim() : 'Untitled draft';
    return { success: true as const, draft: toDraftView(await new DraftsRepository(this.db).create(user.id, { ...fields, prompt })) };
  }

  async update(user: User, id: string, fields: DraftFields) {
    const draft = await new DraftsRepository(this.db).update(user.id, id, fields);
    if (!draft) throw notFound('No such draft');
    return { success: true as const, draft: toDraftView(draft) };
  }

  async delete(user: User, id: string) {
    if (!(await new DraftsRepository(this.db).delete(user.id, id))) throw notFound('No such draft');
    return { success: true as const };
  }

  async list(user: User) {
    return { success: true as const, drafts: (await new DraftsRepository(this.db).list(user.id)).map(toDraftView) };
  }
}

function toDraftView(draft: Draft) {
  return { ...draft, created_at: draft.created_at.toISOString(), updated_at: draft.updated_at.toISOString() };
}
