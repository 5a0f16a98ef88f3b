/** How long a drawn screen waits for its first paint before the app loads anyway (a tab opened in the background paints nothing). */
const PAINT_WAIT_MS = 3000;

/**
 * The entry of a page whose first screen the server drew, in place of the app's own: that screen
 * is on view before any of the app's code runs, and the app's entry (named by this script's
 * `data-app`) is fetched once it has been painted, so its download and start-up never hold the
 * first paint back. It is added as a script rather than imported, so the app is built exactly as
 * for any other page.
 */
/** Preload links added per task: each costs the main thread a few milliseconds on a phone. */
const LINKS_PER_TASK = 4;

afterFirstPaint(() => {
  const boot = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset;
  if (!boot?.app) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = boot.app;
  document.head.append(script);
  // Every other script the app will load for this page, asked for now so the downloads run side
  // by side; a few per task, so no task runs long, all linked before the app (which waits for its
  // own download) takes the screen over, so that its loader adds no link of its own then.
  const hrefs = (boot.modules ?? '').split(' ').filter(Boolean);
  const linkSome = () => {
    for (const href of hrefs.splice(0, LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (hrefs.length > 0) setTimeout(linkSome, 0);
  };
  linkSome();
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
