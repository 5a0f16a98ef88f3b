/**
 * The generation calls (spec 1 §7): unified-generate, getMediaByRunId, magic-wand; and, from
 * their own modules, get-presets and the upload calls. Shapes are the wire shapes served today;
 * the web parses each answer once with them.
 */
import { z } from 'zod/mini';
import { PROMPT_MAX_LENGTH } from '../constants';
import { generationRequestFields, optionalWebhookUrl, runIdSchema } from '../generation/request-schema';
import { safeText } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { runMediaSchema } from './media';
import { runReceiptSchema } from './run-receipt';

// get-presets and the upload calls live in modules of their own: the home screen loads them at
// once, without the run calls' request schema (and the preset catalogues it checks against).
export * from './presets';
export * from './uploads';

/** What a run costs in credits and the person's balance, as unified-generate and quote-generation answer them. */
const costAndBalance = {
  cost: z.number().check(z.int(), z.nonnegative()),
  balance: z.number().check(z.int()),
};

/**
 * POST unified-generate: the 202 answer. `jobId` is the spec's name for the run id (they are equal).
 * `cost`: the credits this run was charged (`generationCost` of the request, as quote-generation
 * says); `balance`: the person's credits right after that debit (the ledger's `balanceAfter`).
 */
export const submitAnswerSchema = answer({
  jobId: z.string(),
  runId: runIdSchema,
  status: z.literal('processing'),
  ...costAndBalance,
});
export type SubmitAnswer = z.output<typeof submitAnswerSchema>;

export const unifiedGenerateCall = defineCall({
  name: 'unified-generate',
  method: 'POST',
  request: generationRequestFields,
  response: submitAnswerSchema,
});

/**
 * POST quote-generation: what the unified-generate body would cost now, with nothing charged or
 * recorded. The body is unified-generate's, checked by the same schema (`runId` not needed; a bad
 * body is the same 400). `cost`: what unified-generate would debit for it (the same
 * `generationCost`); `balance`: the person's credits now; `enough`: whether unified-generate would
 * accept it as far as credits go (`balance >= cost`, and at least the spec's preflight minimum).
 */
export const quoteGenerationRequest = generationRequestFields;
export const quoteGenerationAnswerSchema = answer({
  ...costAndBalance,
  enough: z.boolean(),
});
export type QuoteGenerationAnswer = z.output<typeof quoteGenerationAnswerSchema>;
export const quoteGenerationCall = defineCall({
  name: 'quote-generation',
  method: 'POST',
  request: quoteGenerationRequest,
  response: quoteGenerationAnswerSchema,
});

/**
 * A variation (a new take of one of the person's finished items: its look and its photo again,
 * under another seed): the body of unified-generate and quote-generation that names the item.
 * The server copies the rest from that item's run; other fields are not read.
 */
export const VARIATION_NOT_FOUND = 'Creation not found';
export const variationRequestSchema = z.object({
  variationOf: z.guid({ error: 'variationOf must be the id of one of your creations' }),
  runId: z.optional(runIdSchema),
  /** As unified-generate's: where the variation's end is POSTed, signed. */
  webhookUrl: z.optional(optionalWebhookUrl),
});
export type VariationRequest = z.output<typeof variationRequestSchema>;
export const unifiedGenerateVariationCall = defineCall({ name: 'unified-generate', method: 'POST', request: variationRequestSchema, response: submitAnswerSchema });
export const quoteVariationCall = defineCall({ name: 'quote-generation', method: 'POST', request: variationRequestSchema, response: quoteGenerationAnswerSchema });

/** Whether a unified-generate (or quote) body asks for a variation. */
export function isVariationBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'variationOf' in body;
}

/**
 * The 402 of unified-generate and retry-run: the spec's error text (`INSUFFICIENT_CREDITS:
 * Insufficient credits`) and code, with `required` (what the run costs) and `available` (the
 * person's credits when it was refused).
 */
export const insufficientCreditsAnswerSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('INSUFFICIENT_CREDITS'),
  required: z.number().check(z.int(), z.nonnegative()),
  available: z.number().check(z.int()),
});
export type InsufficientCreditsAnswer = z.output<typeof insufficientCreditsAnswerSchema>;

/** A finished run. */
export const runDoneAnswerSchema = answer({
  status: z.literal('done'),
  runId: z.string(),
  media: runMediaSchema,
  receipt: z.optional(runReceiptSchema),
  /** The person's credits now (the ledger's, as get-credits answers). */
  balance: z.number().check(z.int()),
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
  /** The person's credits now (after this run's refund). */
  balance: z.number().check(z.int()),
});

export const runAnswerSchema = z.discriminatedUnion('success', [runDoneAnswerSchema, runFailedAnswerSchema]);
export type RunAnswer = z.output<typeof runAnswerSchema>;

/**
 * A run of the caller's still processing: a 202 (spec 1 §4: "a processing answer is accepted").
 * Not a 404, which a browser logs as a failed request on every poll of a running run.
 */
export const runProcessingAnswerSchema = answer({
  status: z.literal('processing'),
  runId: z.string(),
});
export type RunProcessingAnswer = z.output<typeof runProcessingAnswerSchema>;

/**
 * GET getMediaByRunId?runId=: a 202 processing answer while the caller's run processes, its end
 * when over; 404 for a run the caller has not got (a client reads a 404 as processing too, as
 * spec 1 §7 says); a runId no run can have is a 400.
 */
export const getMediaByRunIdRequest = z.object({ runId: runIdSchema });
export const getMediaByRunIdCall = defineCall({
  name: 'getMediaByRunId',
  method: 'GET',
  request: getMediaByRunIdRequest,
  response: z.union([runDoneAnswerSchema, runProcessingAnswerSchema]),
});

/** POST magic-wand: the server's prompt enhancer (remote when configured, else local). */
export const magicWandRequest = z.object({
  prompt: safeText({ multiline: true }).check(z.trim(), z.minLength(1, { error: 'Enter a prompt to enhance' }), z.maxLength(PROMPT_MAX_LENGTH)),
  enhanceNegativePrompt: z._default(z.optional(z.boolean()), false),
});
export const magicWandAnswerSchema = answer({
  enhancedPrompt: z.string(),
  negativePrompt: z.optional(z.string()),
});
export const magicWandCall = defineCall({ name: 'magic-wand', method: 'POST', request: magicWandRequest, response: magicWandAnswerSchema });
