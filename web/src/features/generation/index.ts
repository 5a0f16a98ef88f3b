/** The generation feature (spec 1 §3–§5, §7–§9): the engine, its store, events, intent queue and hooks. */
export {
  cancelGeneration,
  configureGeneration,
  connectIntentQueue,
  defaultGenerationDeps,
  generate,
  getGenerationEngine,
  getGenerationState,
  getIntentQueue,
  subscribeGeneration,
} from './generation-service';
export { createGenerationEngine, type GenerationEngine, type GenerationEngineDeps } from './generation-engine';
export { createGenerationStore, INITIAL_GENERATION_STATE, type GenerationStore } from './generation-store';
export {
  emitGenerationEvent,
  GENERATION_EVENTS,
  onGenerationEvent,
  type GenerationEventDetails,
  type GenerationEventName,
} from './generation-events';
export {
  createGenerationApi,
  enhancePrompt,
  fetchWeeklyPresets,
  matchesRunId,
  RUN_ID_FIELDS,
  type ApiRequestFn,
  type GenerationApi,
} from './generation-api';
export { validateGenerationRequest, type GenerationValidation, type ValidationContext } from './validate-request';
export { pollRun, type PollRunOptions } from './poll-run';
export {
  resultFromAnswer,
  toViewerItem,
  IDENTITY_CHECK_FAILED_ERROR,
  VIEWER_ITEM_DEFAULT_SIZE,
  VIEWER_ITEM_TOKENS,
} from './result-mapping';
export { dispatchErrorNotice, failedRunNotice, InsufficientCreditsError, isInsufficientCredits } from './error-notices';
export { createIntentQueue, isSecureSource, type IntentQueue, type IntentQueueDeps, type IntentQueueState } from './intent-queue';
export {
  getWeeklyPresetsState,
  loadWeeklyPresets,
  setWeeklyPresets,
  subscribeWeeklyPresets,
  type WeeklyPresetsState,
} from './weekly-presets-store';
export { destinationAfterStart, isMobileDevice, type DeviceWindow } from './device';
export { createRunId } from './run-id';
export * from './generation-timing';
export { useGeneration, type UseGeneration } from './use-generation';
export { useIntentQueue, type UseIntentQueue } from './use-intent-queue';
export { useWeeklyPresets } from './use-weekly-presets';
export { useGenerationEvent } from './use-generation-event';
export type {
  GenerateOptions,
  GenerateOutcome,
  GeneratedMediaItem,
  GenerationPhase,
  GenerationRequest,
  GenerationRequestBody,
  GenerationResult,
  GenerationState,
  GenerationStatus,
  MediaByRunIdAnswer,
  RunMedia,
  RunPoll,
  SubmitAnswer,
  ValidationFailureReason,
} from './generation-types';
