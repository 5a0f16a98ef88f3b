import { createStore } from '../../lib/create-store';
import { type ComposerAction, composerReducer, INITIAL_COMPOSER_STATE } from './composer-reducer';

/**
 * The composer's state, outside React so that the engine can close and clear it directly
 * (spec 1 §4: closed at the start, cleared 1 s later and on completion).
 */
export const composerStore = createStore(INITIAL_COMPOSER_STATE);

export function dispatchComposer(action: ComposerAction): void {
  composerStore.set((state) => composerReducer(state, action));
}
