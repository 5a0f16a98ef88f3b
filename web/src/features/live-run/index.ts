/** A run's live state over its card (issue 16), with Cancel and Retry; the Creating overlay's line. */
export { CancelRunButton } from './cancel-run-button';
export { LiveRunStatus, processingText, showsLiveStatus, useNow, useRunActions } from './live-run-status';
