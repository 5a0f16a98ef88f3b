import { type ReactNode, Suspense, use, useId } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Progressive hydration of a page the server drew (issue 47): what is wrapped in `HydrateLater`
 * keeps the server's markup, on view and painted, while the app takes the rest of the page over;
 * it is taken over afterwards, one part per idle moment of the main thread, so that start-up is
 * many short tasks instead of one long one, and at once when the visitor touches, clicks or
 * types anything (so no tap is lost: React then hydrates the part under it before the click).
 *
 * The part suspends (React's `use`) only while the page is being hydrated; rendered by the app
 * itself (any later page, a page not drawn on the server) it renders at once. Its props must not
 * change before it is taken over: React would then draw it again from nothing. Wrap it in `memo`
 * with props that stay the same.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

function Gate({ children }: { children: ReactNode }) {
  // useId is the same on the server, in the hydrating render and in every retry of it.
  const id = useId();
  const hydrated = useHydrated();
  if (typeof window !== 'undefined' && !hydrated) {
    const gate = gateOf(id);
    if (!gate.open) use(gate.opened);
  }
  return children;
}

interface HydrationGate {
  open: boolean;
  opened: Promise<void>;
  release(): void;
}

const gates = new Map<string, HydrationGate>();
const waiting: HydrationGate[] = [];
let scheduled = false;
let listening = false;

/** What a visitor does that must reach a hydrated page at once. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

function gateOf(id: string): HydrationGate {
  let gate = gates.get(id);
  if (!gate) {
    let resolve!: () => void;
    const opened = new Promise<void>((done) => (resolve = done));
    const created: HydrationGate = {
      open: false,
      opened,
      release: () => {
        created.open = true;
        resolve();
      },
    };
    gates.set(id, created);
    waiting.push(created);
    gate = created;
    listenForInteraction();
    scheduleNext();
  }
  return gate;
}

function scheduleNext(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  whenIdle(() => {
    scheduled = false;
    waiting.shift()?.release();
    scheduleNext();
  });
}

/** The next idle moment (Safari has no requestIdleCallback: a task after the next frame). */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 50);
}

function releaseAll(): void {
  for (const gate of waiting.splice(0)) gate.release();
  for (const type of INTERACTIONS) document.removeEventListener(type, releaseAll, true);
  listening = false;
}

function listenForInteraction(): void {
  if (listening) return;
  listening = true;
  for (const type of INTERACTIONS) document.addEventListener(type, releaseAll, true);
}
