/**
 * The generation engine (spec 1 §3, §4, issue 16). The engine's code (`generation-service.ts`:
 * start, follow, finish, the intent queue) loads on first use through `useGeneration`; a screen
 * that imports `getGenerationEngine` loads it with its own code (the library's run cards).
 * web/package.json declares the web's modules free of side effects, so an importer of this file
 * gets only what it uses.
 */
export { useGeneration, useGenerationPrice, type UseGeneration } from './use-generation';
export type { GenerationPrice } from './price-generation';
export { enhancePrompt } from './enhance-prompt';
export { getGenerationEngine } from './generation-service';
export { isSecureSource } from './secure-source';
export { wireGenerationDeps } from './wired-deps';
export type { GenerationEngine, GenerationEngineDeps, VariationSource } from './generation-engine';
export type { QuoteAnswer } from './generation-api';
export type { GenerateOptions, GenerateOutcome, GenerationRequest } from './generation-types';
