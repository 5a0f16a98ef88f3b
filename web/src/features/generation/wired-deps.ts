import type { GenerationEngineDeps } from './engine-context';

let wired: Partial<GenerationEngineDeps> = {};

/**
 * The app's dependencies of the engine (query invalidation, the weekly presets), set at start-up
 * and given to the engine when it is made — its code loads later, on first use.
 */
export function wireGenerationDeps(patch: Partial<GenerationEngineDeps>): void {
  wired = { ...wired, ...patch };
}

export function wiredGenerationDeps(): Partial<GenerationEngineDeps> {
  return wired;
}
