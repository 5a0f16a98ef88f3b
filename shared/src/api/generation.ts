/**
 * The generation and upload calls (spec 1 §7): unified-generate, getMediaByRunId, magic-wand,
 * get-presets, cloudinary-sign, and the answers of the media-cloud compatible direct upload
 * (`POST /v1_1/<cloudName>/<type>/upload`, multipart, so not a call under /.netlify/functions).
 * Shapes are the wire shapes served today; the web parses each answer once with them.
 */
import { z } from 'zod';
import { PROMPT_MAX_LENGTH } from '../constants';
import { generationRequestFields, runIdSchema } from '../generation/request-schema';
import { safeText } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { runMediaSchema } from './media';
import { runReceiptSchema } from './run-receipt';

/** POST unified-generate: the 202 answer. `jobId` is the spec's name for the run id (they are equal). */
export const submitAnswerSchema = answer({
  jobId: z.string(),
  runId: runIdSchema,
  status: z.literal('processing'),
});
export type SubmitAnswer = z.output<typeof submitAnswerSchema>;

export const unifiedGenerateCall = defineCall({
  name: 'unified-generate',
  method: 'POST',
  request: generationRequestFields,
  response: submitAnswerSchema,
});

/** A finished run. */
export const runDoneAnswerSchema = answer({
  status: z.literal('done'),
  runId: z.string(),
  media: runMediaSchema,
  receipt: runReceiptSchema.optional(),
});

/**
 * A failed run: a 200 with `success: false` (the web's callApi hands it back as `{ ok: false, body }`;
 * parse the body with this). `media` is there when an image was kept (identity check failed).
 */
export const runFailedAnswerSchema = z.object({
  success: z.literal(false),
  status: z.literal('failed'),
  runId: z.string(),
  error: z.string(),
  media: runMediaSchema.optional(),
  receipt: runReceiptSchema.optional(),
});

export const runAnswerSchema = z.discriminatedUnion('success', [runDoneAnswerSchema, runFailedAnswerSchema]);
export type RunAnswer = z.output<typeof runAnswerSchema>;

/** GET getMediaByRunId?runId=: 404 while processing; a runId no run can have is a 400. */
export const getMediaByRunIdRequest = z.object({ runId: runIdSchema });
export const getMediaByRunIdCall = defineCall({
  name: 'getMediaByRunId',
  method: 'GET',
  request: getMediaByRunIdRequest,
  response: runDoneAnswerSchema,
});

/** POST magic-wand: the server's prompt enhancer (remote when configured, else local). */
export const magicWandRequest = z.object({
  prompt: safeText({ multiline: true }).trim().min(1, { error: 'Enter a prompt to enhance' }).max(PROMPT_MAX_LENGTH),
  enhanceNegativePrompt: z.boolean().optional().default(false),
});
export const magicWandAnswerSchema = answer({
  enhancedPrompt: z.string(),
  negativePrompt: z.string().optional(),
});
export const magicWandCall = defineCall({ name: 'magic-wand', method: 'POST', request: magicWandRequest, response: magicWandAnswerSchema });

/** A weekly preset (spec 3 §3): `id` equals `key`. */
export const weeklyPresetSchema = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  prompt: z.string(),
});

/** GET get-presets: this ISO week's presets; `currentWeek` like "2025-W07". */
export const presetsAnswerSchema = answer({
  data: z.object({ presets: z.array(weeklyPresetSchema) }),
  currentWeek: z.string(),
});
export type PresetsAnswer = z.output<typeof presetsAnswerSchema>;
export const getPresetsCall = defineCall({ name: 'get-presets', method: 'GET', request: undefined, response: presetsAnswerSchema });

/** POST cloudinary-sign: a signature for one direct upload into one of the person's own folders. */
export const signUploadRequest = z.object({
  folder: z.string({ error: 'Folder is required' }).trim().min(1, 'Folder is required').max(200),
  resource_type: z.enum(['image', 'video', 'auto']).optional(),
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
  duration: z.number().optional(),
});
export type UploadAnswer = z.output<typeof uploadAnswerSchema>;

/** The direct upload's failure: `{ error: { message } }`, not the `{ success: false }` of the calls. */
export const uploadErrorSchema = z.object({ error: z.object({ message: z.string() }) });
