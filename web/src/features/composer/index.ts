/**
 * The composer (spec 1 §2, §4, §5): the floating composer and its hook, which the home page
 * puts on screen, the modes' names, and what other screens hand it through the router.
 */
export { Composer } from './components/composer';
export { useComposer, type UseComposer } from './use-composer';
export { MODE_LABELS, type PresetMode } from './composer-modes';
export type { HomeNavigationState, LookMode, LookNavigationState } from './composer-navigation-state';
