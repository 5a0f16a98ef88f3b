/** What e2e tests leave on a page's window (in page.evaluate or an init script) and read back. */
export {};

declare global {
  interface Window {
    /** Content-security-policy violations seen by the page (app-shell). */
    violations?: string[];
    /** Set before an in-app navigation: still there after it means no page load (app-shell). */
    marker?: string;
    /** The router states pushed with history.pushState (profile's draft Edit). */
    __pushed?: Array<{ usr?: unknown }>;
    /** Times the library said "No media yet" while a run finished (creation-loop). */
    emptySeen?: string[];
    /** The layout shifts of feed tiles, summed by a PerformanceObserver (creation-page). */
    __layoutShift: number;
    /** The long tasks of a page's start-up, by a PerformanceObserver (start-up-long-tasks). */
    __longTasks: Array<{ start: number; duration: number }>;
  }
}
