import {
  type ClientMode,
  DEFAULT_EDIT_PROMPT,
  identitySettings,
  INVALID_MODE_NOTICE,
  INVALID_PRESET_NOTICE,
  isClientMode,
  NO_PRESET_NOTICE,
  NOT_ENOUGH_PHOTOS_NOTICE,
  type Notice,
  parseGenerationRequest,
  PROMPT_REQUIRED,
  SOURCE_IMAGE_REQUIRED,
  STORY_TIME_MIN_IMAGES,
  toServiceMode,
  type WeeklyPreset,
} from '@app/shared';
import type { GenerationRequest, ValidationFailureReason } from './generation-types';

export type GenerationValidation =
  | { ok: true; mode: ClientMode; request: GenerationRequest }
  | { ok: false; reason: ValidationFailureReason; message: string; notice: Notice | null };

export interface ValidationContext {
  /** The weekly presets as loaded; null when not loaded yet (the server then checks the key). */
  weeklyPresets: readonly Pick<WeeklyPreset, 'key'>[] | null;
}

/** A run id that passes the request schema, used only to check the rest of the request. */
const PLACEHOLDER_RUN_ID = 'validation-run-id';

/**
 * Whether the server would price `request` as it stands (the same schema as quote-generation's):
 * an incomplete one (a look with no photo yet) is not sent, since its answer is a 400.
 */
export function isCompleteRequest(request: GenerationRequest): boolean {
  return parseGenerationRequest({ ...request, runId: PLACEHOLDER_RUN_ID }).success;
}

function trimmed(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

function fail(reason: ValidationFailureReason, message: string, notice: Notice | null = null): GenerationValidation {
  return { ok: false, reason, message, notice };
}

/**
 * The checks before a dispatch (spec 1 §5), in this order:
 * 1. an unknown mode: toast 'Invalid Mode / Try again with a valid option';
 * 2. a non-custom mode without a source: aborted silently;
 * 3. preset mode: no preset 'No Preset Selected', a key not among the loaded presets 'Invalid Preset';
 * 4. Story Time with fewer than 3 photos: 'Not Enough Photos / Add at least 3 photos for Story Time';
 * 5. custom mode with an empty prompt: aborted silently;
 * 6. every other rule of the shared request schema (a catalogue mode's unknown preset id…): aborted silently.
 * The request it returns carries the mode's identity-check settings and Studio's prompt fallback.
 */
export function validateGenerationRequest(request: GenerationRequest, context: ValidationContext): GenerationValidation {
  const mode = typeof request.mode === 'string' ? request.mode.trim() : request.mode;
  if (!isClientMode(mode)) return fail('invalid-mode', INVALID_MODE_NOTICE.message, INVALID_MODE_NOTICE);
  const serviceMode = toServiceMode(mode);
  if (!serviceMode) return fail('invalid-mode', INVALID_MODE_NOTICE.message, INVALID_MODE_NOTICE);

  const source = trimmed(request.sourceAssetId);
  if (mode !== 'custom' && !source) return fail('no-source', SOURCE_IMAGE_REQUIRED);

  if (mode === 'preset') {
    const key = trimmed(request.presetKey);
    if (!key) return fail('no-preset', NO_PRESET_NOTICE.message, NO_PRESET_NOTICE);
    if (context.weeklyPresets && !context.weeklyPresets.some((preset) => preset.key === key)) {
      return fail('invalid-preset', INVALID_PRESET_NOTICE.message, INVALID_PRESET_NOTICE);
    }
  }

  if (mode === 'storytime') {
    const photos = new Set([source, ...(request.additionalImages ?? []).map((url) => url.trim())].filter(Boolean));
    if (photos.size < STORY_TIME_MIN_IMAGES) {
      return fail('not-enough-photos', NOT_ENOUGH_PHOTOS_NOTICE.message, NOT_ENOUGH_PHOTOS_NOTICE);
    }
  }

  const prompt = trimmed(request.prompt);
  if (mode === 'custom' && !prompt) return fail('empty-prompt', PROMPT_REQUIRED);

  const identity = identitySettings(serviceMode, { enableVideo: request.enableVideo === true });
  const normalised: GenerationRequest = {
    ...request,
    mode,
    ...(source ? { sourceAssetId: source } : {}),
    ...(prompt ? { prompt } : {}),
    ipaThreshold: request.ipaThreshold ?? identity.threshold,
    ipaRetries: request.ipaRetries ?? identity.retries,
    ipaBlocking: request.ipaBlocking ?? identity.blocking,
  };
  if (mode === 'edit') normalised.editPrompt = trimmed(request.editPrompt) || prompt || DEFAULT_EDIT_PROMPT;

  const parsed = parseGenerationRequest({ ...normalised, runId: PLACEHOLDER_RUN_ID });
  if (!parsed.success) return fail('invalid-request', parsed.error);
  return { ok: true, mode, request: normalised };
}
