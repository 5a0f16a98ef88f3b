import { createStore } from '../../lib/create-store';
import { wireGenerationDeps } from '../generation';
import { type ComposerAction, composerReducer, INITIAL_COMPOSER_STATE } from './composer-reducer';

/**
 * The composer's state, outside React so that the engine can close and clear it directly
 * (spec 1 §4: closed at the start, cleared 1 s later and on completion).
 */
export const composerStore = createStore(INITIAL_COMPOSER_STATE);

export function dispatchComposer(action: ComposerAction): void {
  composerStore.set((state) => composerReducer(state, action));
}

// The engine closes the composer at a run's start and clears its options 1 s later and on
// completion (spec 1 §4); the composer hands it the way when its code loads.
wireGenerationDeps({
  composer: {
    close: () => dispatchComposer({ type: 'run-started' }),
    clear: (reason) => dispatchComposer({ type: 'run-cleared', reason }),
  },
});
