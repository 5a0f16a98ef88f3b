/**
 * The generation engine's code — the engine, its intent queue, the run calls, the request check
 * and the preset catalogues it checks against — loads on first use (the composer opened, a
 * submit), not with the home screen.
 */
export type GenerationService = typeof import('./generation-service');

let loading: Promise<GenerationService> | null = null;

/** Loads the engine's code once; later calls get the same promise. */
export function loadGeneration(): Promise<GenerationService> {
  loading ??= import('./generation-service');
  return loading;
}
