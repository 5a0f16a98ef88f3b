/** How long a drawn screen waits for its first paint before the app loads anyway (a tab opened in the background paints nothing). */
const PAINT_WAIT_MS = 3000;

/**
 * The entry of a page whose first screen the server drew, in place of the app's own: that screen
 * is on view before any of the app's code runs, and the app's entry (named by this script's
 * `data-app`) is fetched once it has been painted, so its download and start-up never hold the
 * first paint back. It is added as a script rather than imported, so the app is built exactly as
 * for any other page.
 */
afterFirstPaint(() => {
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (!app) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  document.head.append(script);
});

function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, PAINT_WAIT_MS);
  const observer =
    'PerformanceObserver' in window
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(once, 0);
        })
      : null;
  try {
    observer?.observe({ type: 'paint', buffered: true });
  } catch {
    setTimeout(once, 0);
  }
}
