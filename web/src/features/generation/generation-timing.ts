/** The delays of spec 1 §4 and §9. */
export const PRE_NAVIGATION_DELAY_MS = 50;
/** After the start: clear the spinner, the options and the file. */
export const POST_START_CLEANUP_MS = 1_000;
/** After a completion: refresh the feed and the profile. */
export const REFRESH_AFTER_COMPLETION_MS = 500;
export const STATE_REFRESH_AFTER_SUCCESS_MS = 3_000;
export const STATE_REFRESH_AFTER_FAILURE_MS = 1_000;
