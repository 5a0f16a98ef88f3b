import { z } from 'zod/mini';
import { PROMPT_MAX_LENGTH } from '../constants';
import type { PresetType } from '../preset-types';
import { safeJsonObject, safeText } from '../schemas/input';
import { findPreset, isCatalogueMode } from './catalogues';
import { randomizeColorcorePrompt } from './catalogues/parallel-self';
import { DEFAULT_STORY_TIME_PRESET_ID } from './catalogues/story-time';
import {
  INVALID_RUN_ID,
  NO_PRESET_SELECTED,
  PROMPT_REQUIRED,
  PROMPT_TOO_LONG,
  SOURCE_IMAGE_REQUIRED,
  STORY_TIME_TOO_FEW_PHOTOS,
  TOO_MANY_PHOTOS,
  UNKNOWN_GENERATION_MODE,
  UNKNOWN_PRESET,
} from './generation-errors';
import {
  DEFAULT_EDIT_PROMPT,
  generationCost,
  identitySettings,
  PRESET_ID_FIELD,
  SERVICE_MODE_PRESET_TYPE,
  SERVICE_TO_CLIENT_MODE,
  STORY_TIME_MIN_IMAGES,
  toServiceMode,
} from './modes';
import type { IdentitySettings, PresetIdField } from './modes';
import { nearestAspectRatio } from './aspect-ratio';
import { seededRandom } from './seeded-random';
import type { AspectRatio, ClientMode, PresetDefinition, RunId, ServiceMode } from './types';

/** The most photos one request may carry (the source included). */
export const MAX_SOURCE_IMAGES = 10;
const URL_MAX_LENGTH = 2048;
const ID_MAX_LENGTH = 200;

/** BullMQ job ids: 8–100 of [A-Za-z0-9_-] (so never a ':'), and not all digits. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export function isValidRunId(value: string): boolean {
  return RUN_ID_PATTERN.test(value) && !/^\d+$/.test(value);
}

/** A run id as a client may send or poll one: every run is created under such an id. */
export const runIdSchema = z.pipe(
  z.string({ error: INVALID_RUN_ID }).check(z.refine(isValidRunId, { error: INVALID_RUN_ID })),
  z.transform((value) => value as RunId),
);

/** A fresh run id (a UUID always passes `isValidRunId`). */
export function newRunId(): RunId {
  return globalThis.crypto.randomUUID() as RunId;
}

/** A trimmed string without control characters; empty, null or absent become undefined. */
const optionalText = (max: number, message?: string, options: { multiline?: boolean } = {}) =>
  z.pipe(
    z.nullish(safeText(options).check(z.trim(), z.maxLength(max, message === undefined ? undefined : { error: message }))),
    z.transform((value) => (value ? value : undefined)),
  );

const optionalFlag = z.pipe(z.nullish(z.boolean()), z.transform((value) => value ?? undefined));

const optionalDimension = z.pipe(
  z.nullish(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  z.transform((value) => (value ? value : undefined)),
);

/**
 * Where the run's end is POSTed, signed (issue 45 §2): an absolute http(s) address. The server
 * decides which it accepts (https to a public address; WEBHOOK_ALLOW_PRIVATE widens it).
 */
export const WEBHOOK_URL_INVALID = 'webhookUrl must be an absolute https:// address';
const isWebUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
export const optionalWebhookUrl = z.pipe(
  z.nullish(
    z
      .string({ error: WEBHOOK_URL_INVALID })
      .check(z.trim(), z.maxLength(URL_MAX_LENGTH, { error: WEBHOOK_URL_INVALID }), z.refine(isWebUrl, { error: WEBHOOK_URL_INVALID })),
  ),
  z.transform((value) => value ?? undefined),
);

const imageList = z.pipe(
  z.nullish(
    z.array(safeText().check(z.trim(), z.minLength(1), z.maxLength(URL_MAX_LENGTH))).check(z.maxLength(MAX_SOURCE_IMAGES, { error: TOO_MANY_PHOTOS })),
  ),
  z.transform((value) => value ?? []),
);

/** The fields of the generation request (spec 1 §3), each checked on its own. */
export const generationRequestFields = z.object({
  mode: z
    .string({ error: UNKNOWN_GENERATION_MODE })
    .check(z.trim(), z.refine((value) => toServiceMode(value) !== undefined, { error: UNKNOWN_GENERATION_MODE })),
  prompt: optionalText(PROMPT_MAX_LENGTH, PROMPT_TOO_LONG, { multiline: true }),
  presetKey: optionalText(ID_MAX_LENGTH),
  sourceAssetId: optionalText(URL_MAX_LENGTH),
  sourceWidth: optionalDimension,
  sourceHeight: optionalDimension,
  userId: optionalText(ID_MAX_LENGTH),
  runId: z.pipe(z.nullish(runIdSchema), z.transform((value) => value ?? undefined)),
  meta: z.pipe(z.nullish(safeJsonObject()), z.transform((value) => value ?? undefined)),
  ipaThreshold: z.pipe(
    z.nullish(z.number().check(z.minimum(0), z.maximum(1))),
    z.transform((value) => value ?? undefined),
  ),
  ipaRetries: z.pipe(
    z.nullish(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
    z.transform((value) => value ?? undefined),
  ),
  ipaBlocking: optionalFlag,
  enableVideo: optionalFlag,
  forVideo: optionalFlag,
  unrealReflectionPresetId: optionalText(ID_MAX_LENGTH),
  ghibliReactionPresetId: optionalText(ID_MAX_LENGTH),
  cyberSirenPresetId: optionalText(ID_MAX_LENGTH),
  storyTimePresetId: optionalText(ID_MAX_LENGTH),
  parallelSelfPresetId: optionalText(ID_MAX_LENGTH),
  additionalImages: imageList,
  editImages: imageList,
  editPrompt: optionalText(PROMPT_MAX_LENGTH, PROMPT_TOO_LONG, { multiline: true }),
  webhookUrl: optionalWebhookUrl,
});

/** The generation request as a client sends it (spec 1 §3). */
export type GenerationRequestInput = z.input<typeof generationRequestFields>;
type GenerationRequestFields = z.output<typeof generationRequestFields>;

/** The request after validation, normalised for the api and the worker. */
export interface ParsedGenerationRequest {
  clientMode: ClientMode;
  serviceMode: ServiceMode;
  /** The preset type stored on the media (PRESET_TYPE_LABELS key). */
  presetType: PresetType;
  /** The catalogue preset id (catalogue modes; Story Time defaults to story_time_cinematic). */
  presetId?: string;
  /** The weekly preset key (presets mode; the server checks it against the presets it serves). */
  presetKey?: string;
  /** The catalogue preset (catalogue modes only) and its label. */
  preset?: PresetDefinition;
  presetLabel?: string;
  /**
   * What the model is asked: the preset's prompt (Colorcore drawn at random), the person's prompt
   * (custom), the edit prompt or 'Edit this photo' (Studio). Presets mode: the prompt as sent,
   * possibly '' — the server fills it from the weekly preset `presetKey`.
   */
  prompt: string;
  negativePrompt?: string;
  /** The preset's ratio; else the supported ratio nearest to the source size; else 1:1. */
  aspectRatio: AspectRatio;
  /** Every photo, the source first, without duplicates. */
  sources: string[];
  sourceWidth?: number;
  sourceHeight?: number;
  /** Whether the result is a video (always true for Story Time). */
  enableVideo: boolean;
  forVideo: boolean;
  identity: IdentitySettings;
  /** Credits the request reserves (see generationCost). */
  cost: number;
  runId?: RunId;
  userId?: string;
  meta?: Record<string, unknown>;
  /** Where the run's end is POSTed (the server checks the address: `RunWebhooks.checkUrl`). */
  webhookUrl?: string;
}

export interface ParseGenerationOptions {
  /**
   * Random source for randomized presets (Colorcore). Default: seeded by the runId, so the same run
   * always gets the same prompt; without a runId the preset's default prompt is used.
   */
  random?: () => number;
}

/** One failed rule: the request field and the message. */
export interface GenerationRequestIssue {
  path: string;
  message: string;
}
type Problem = GenerationRequestIssue;

function presetIdOf(raw: GenerationRequestFields, field: PresetIdField): string | undefined {
  return raw[field];
}

function unique(values: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    if (value && !seen.has(value)) {
      seen.add(value);
      out.push(value);
    }
  }
  return out;
}

/** The cross-field rules and the normalisation; problems in rule order. */
function normalise(raw: GenerationRequestFields, options: ParseGenerationOptions): ParsedGenerationRequest | Problem[] {
  const serviceMode = toServiceMode(raw.mode);
  if (!serviceMode) return [{ path: 'mode', message: UNKNOWN_GENERATION_MODE }];
  const problems: Problem[] = [];

  const extras = serviceMode === 'edit-photo' ? [...raw.editImages, ...raw.additionalImages] : raw.additionalImages;
  const sources = unique([raw.sourceAssetId, ...extras]);

  if (serviceMode !== 'custom-prompt' && !raw.sourceAssetId) {
    problems.push({ path: 'sourceAssetId', message: SOURCE_IMAGE_REQUIRED });
  }
  if (serviceMode === 'custom-prompt' && !raw.prompt) {
    problems.push({ path: 'prompt', message: PROMPT_REQUIRED });
  }

  let presetId: string | undefined;
  let preset: PresetDefinition | undefined;
  const field = PRESET_ID_FIELD[serviceMode];
  if (serviceMode === 'presets') {
    if (!raw.presetKey) problems.push({ path: 'presetKey', message: NO_PRESET_SELECTED });
  } else if (field && isCatalogueMode(serviceMode)) {
    // The mode's own field; a client that put the id in presetKey is understood too.
    presetId = presetIdOf(raw, field) ?? raw.presetKey;
    if (!presetId && serviceMode === 'story-time') presetId = DEFAULT_STORY_TIME_PRESET_ID;
    preset = presetId ? findPreset(serviceMode, presetId) : undefined;
    if (!preset) problems.push({ path: field, message: UNKNOWN_PRESET });
  }

  if (serviceMode === 'story-time' && sources.length < STORY_TIME_MIN_IMAGES) {
    problems.push({ path: 'additionalImages', message: STORY_TIME_TOO_FEW_PHOTOS });
  }
  if (sources.length > MAX_SOURCE_IMAGES) {
    problems.push({ path: 'additionalImages', message: TOO_MANY_PHOTOS });
  }
  if (problems.length > 0) return problems;

  let prompt: string;
  if (preset) {
    const random = options.random ?? (raw.runId ? seededRandom(raw.runId) : undefined);
    prompt = preset.isRandomized && random ? randomizeColorcorePrompt(preset, random) : preset.prompt;
  } else if (serviceMode === 'edit-photo') {
    prompt = raw.editPrompt ?? raw.prompt ?? DEFAULT_EDIT_PROMPT;
  } else {
    prompt = raw.prompt ?? '';
  }

  const enableVideo = serviceMode === 'story-time' || raw.enableVideo === true;
  const base = identitySettings(serviceMode, { enableVideo });
  // A client may only make the check stricter: a higher threshold, fewer second chances
  // (down to none). Never more retries than the mode's: each is another provider call.
  const identity: IdentitySettings = {
    threshold: Math.max(base.threshold, raw.ipaThreshold ?? 0),
    retries: Math.min(base.retries, raw.ipaRetries ?? base.retries),
    blocking: true,
  };

  const parsed: ParsedGenerationRequest = {
    clientMode: SERVICE_TO_CLIENT_MODE[serviceMode],
    serviceMode,
    presetType: SERVICE_MODE_PRESET_TYPE[serviceMode],
    prompt,
    sources,
    enableVideo,
    forVideo: raw.forVideo === true,
    identity,
    cost: generationCost({ serviceMode, enableVideo, sources }),
    aspectRatio: preset?.aspect_ratio ?? nearestAspectRatio(raw.sourceWidth, raw.sourceHeight),
  };
  if (serviceMode === 'presets' && raw.presetKey) parsed.presetKey = raw.presetKey;
  if (preset && presetId !== undefined) {
    parsed.presetId = presetId;
    parsed.preset = preset;
    parsed.presetLabel = preset.label;
    parsed.negativePrompt = preset.negative_prompt;
  }
  if (raw.sourceWidth !== undefined) parsed.sourceWidth = raw.sourceWidth;
  if (raw.sourceHeight !== undefined) parsed.sourceHeight = raw.sourceHeight;
  if (raw.runId !== undefined) parsed.runId = raw.runId;
  if (raw.userId !== undefined) parsed.userId = raw.userId;
  if (raw.meta !== undefined) parsed.meta = raw.meta;
  if (raw.webhookUrl !== undefined) parsed.webhookUrl = raw.webhookUrl;
  return parsed;
}

/** The generation request schema: validates every rule and outputs the normalised request. */
export function createGenerationRequestSchema(options: ParseGenerationOptions = {}) {
  return z.pipe(
    generationRequestFields,
    z.transform((raw, ctx): ParsedGenerationRequest => {
      const result = normalise(raw, options);
      if (!Array.isArray(result)) return result;
      for (const problem of result) {
        ctx.issues.push({ code: 'custom', message: problem.message, path: [problem.path], input: raw });
      }
      return z.NEVER;
    }),
  );
}

export const generationRequestSchema = createGenerationRequestSchema();

export type ParseGenerationResult =
  | { success: true; data: ParsedGenerationRequest }
  | { success: false; error: string; issues: GenerationRequestIssue[] };

/**
 * Validates and normalises a generation request. On failure `error` is the first problem's
 * message (an unknown mode first), ready for `{ success: false, error }` with status 400.
 */
export function parseGenerationRequest(input: unknown, options: ParseGenerationOptions = {}): ParseGenerationResult {
  const result = createGenerationRequestSchema(options).safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const issues: Problem[] = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = issues.find((issue) => issue.path === 'mode') ?? issues[0];
  return { success: false, error: first?.message ?? 'Invalid request', issues };
}
