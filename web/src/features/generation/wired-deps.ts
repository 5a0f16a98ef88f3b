import type { GenerationEngineDeps } from './engine-context';

let wired: Partial<GenerationEngineDeps> = {};
let engine: { configure(patch: Partial<GenerationEngineDeps>): void } | null = null;

/**
 * Dependencies of the engine that others hand it (the app: query invalidation and the weekly
 * presets, at start-up; the composer: how to close and clear it, when its code loads). They are
 * given to the engine when it is made — its code loads later, on first use — or at once when it
 * is already made.
 */
export function wireGenerationDeps(patch: Partial<GenerationEngineDeps>): void {
  wired = { ...wired, ...patch };
  engine?.configure(patch);
}

export function wiredGenerationDeps(): Partial<GenerationEngineDeps> {
  return wired;
}

/** The engine once made: what is wired from now on goes to it directly. */
export function followWiredGenerationDeps(made: { configure(patch: Partial<GenerationEngineDeps>): void }): void {
  engine = made;
}
