/** Drafts of the signed-in person (spec 1 §7 user-drafts, getUserDrafts; defaults 4/3, 800×600, 'Untitled draft'). */
import { z } from 'zod';
import { draftAspectRatioSchema } from '../schemas/draft-aspect-ratio';
import { safeJsonObject, safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';


/** The draft payload of spec 1 §3. */
export const draftFieldsSchema = z.object({
  media_url: safeText().min(1).max(2048),
  prompt: safeText({ multiline: true }).max(4000).optional(),
  media_type: z.enum(['photo', 'video']).optional(),
  aspect_ratio: draftAspectRatioSchema.optional(),
  width: z.number().int().min(1).max(20_000).optional(),
  height: z.number().int().min(1).max(20_000).optional(),
  metadata: safeJsonObject().optional(),
});
export const updateDraftRequest = draftFieldsSchema.partial().extend({ id: uuidSchema('id') });
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
