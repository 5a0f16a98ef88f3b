/** Drafts of the signed-in person (spec 1 §7 user-drafts, getUserDrafts; defaults 4/3, 800×600, 'Untitled draft'). */
import { z } from 'zod/mini';
import { draftAspectRatioSchema } from '../schemas/draft-aspect-ratio';
import { safeJsonObject, safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';


/** The draft payload of spec 1 §3. */
export const draftFieldsSchema = z.object({
  media_url: safeText().check(z.minLength(1), z.maxLength(2048)),
  prompt: z.optional(safeText({ multiline: true }).check(z.maxLength(4000))),
  media_type: z.optional(z.enum(['photo', 'video'])),
  aspect_ratio: z.optional(draftAspectRatioSchema),
  width: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(20_000))),
  height: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(20_000))),
  metadata: z.optional(safeJsonObject()),
});
export const updateDraftRequest = z.extend(z.partial(draftFieldsSchema), { id: uuidSchema('id') });
export const deleteDraftRequest = z.object({ id: uuidSchema('id') });

export const draftSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  media_url: z.string(),
  prompt: z.string(),
  media_type: z.enum(['photo', 'video']),
  /** Stored as "w/h", e.g. "4/3". */
  aspect_ratio: z.string(),
  width: z.number(),
  height: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftView = z.infer<typeof draftSchema>;
const draftResponse = answer({ draft: draftSchema });

export const getUserDraftsCall = defineCall({
  name: 'getUserDrafts',
  method: 'GET',
  request: undefined,
  response: answer({ drafts: z.array(draftSchema) }),
});
export const createDraftCall = defineCall({ name: 'user-drafts', method: 'POST', request: draftFieldsSchema, response: draftResponse });
export const updateDraftCall = defineCall({ name: 'user-drafts', method: 'PUT', request: updateDraftRequest, response: draftResponse });
export const deleteDraftCall = defineCall({ name: 'user-drafts', method: 'DELETE', request: deleteDraftRequest, response: answer({}) });
