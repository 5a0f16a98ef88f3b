/**
 * The upload calls (spec 1 §7): cloudinary-sign, and the answers of the media-cloud compatible
 * direct upload (`POST /v1_1/<cloudName>/<type>/upload`, multipart, so not a call under
 * /.netlify/functions).
 */
import { z } from 'zod/mini';
import { answer, defineCall } from './define-call';

/** POST cloudinary-sign: a signature for one direct upload into one of the person's own folders. */
export const signUploadRequest = z.object({
  folder: z.string({ error: 'Folder is required' }).check(z.trim(), z.minLength(1, 'Folder is required'), z.maxLength(200)),
  resource_type: z.optional(z.enum(['image', 'video', 'auto'])),
});
export type SignUploadRequest = z.output<typeof signUploadRequest>;
export const signUploadAnswerSchema = answer({
  timestamp: z.number(),
  signature: z.string(),
  apiKey: z.string(),
  cloudName: z.string(),
  folder: z.string(),
});
export type SignUploadAnswer = z.output<typeof signUploadAnswerSchema>;
export const signUploadCall = defineCall({ name: 'cloudinary-sign', method: 'POST', request: signUploadRequest, response: signUploadAnswerSchema });

/** The direct upload's answer, in the media cloud's own dialect (snake_case, as its clients read it). */
export const uploadAnswerSchema = z.object({
  public_id: z.string(),
  version: z.number(),
  format: z.string(),
  resource_type: z.enum(['image', 'video']),
  type: z.literal('upload'),
  created_at: z.string(),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  folder: z.string(),
  url: z.string(),
  secure_url: z.string(),
  duration: z.optional(z.number()),
});
export type UploadAnswer = z.output<typeof uploadAnswerSchema>;

/** The direct upload's failure: `{ error: { message } }`, not the `{ success: false }` of the calls. */
export const uploadErrorSchema = z.object({ error: z.object({ message: z.string() }) });
