/**
 * The generation calls (spec 1 §7): unified-generate, getMediaByRunId, magic-wand; and, from
 * their own modules, get-presets and the upload calls. Shapes are the wire shapes served today;
 * the web parses each answer once with them.
 */
import { z } from 'zod';
import { PROMPT_MAX_LENGTH } from '../constants';
import { generationRequestFields, runIdSchema } from '../generation/request-schema';
import { safeText } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { runMediaSchema } from './media';
import { runReceiptSchema } from './run-receipt';

// get-presets and the upload calls live in modules of their own: the home screen loads them at
// once, without the run calls' request schema (and the preset catalogues it checks against).
export * from './presets';
export * from './uploads';

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
  receipt: z.optional(runReceiptSchema),
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
  media: z.optional(runMediaSchema),
  receipt: z.optional(runReceiptSchema),
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
  prompt: safeText({ multiline: true }).check(z.trim(), z.minLength(1, { error: 'Enter a prompt to enhance' }), z.maxLength(PROMPT_MAX_LENGTH)),
  enhanceNegativePrompt: z.boolean().optional().default(false),
});
export const magicWandAnswerSchema = answer({
  enhancedPrompt: z.string(),
  negativePrompt: z.string().optional(),
});
export const magicWandCall = defineCall({ name: 'magic-wand', method: 'POST', request: magicWandRequest, response: magicWandAnswerSchema });
