import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast/toast-store';
import { useRuns } from '../../state/run-store';
import type { GenerateOptions, GenerationRequest } from './generation-types';
import type { GenerationPrice } from './price-generation';

export interface UseGeneration {
  /** A run the engine follows is going. */
  isGenerating: boolean;
  /** The start spinner (1 s from the start). */
  isNavigating: boolean;
  /** Runs the request now, or queues it while the source uploads (spec 1 §4 intent queue); `look` names it on its card. */
  submit(request: GenerationRequest, look?: string | null): void;
  /** Runs the request now (no source to wait for). */
  generate(request: GenerationRequest, look?: string | null): void;
  /** The uploaded source a queued request waits for. */
  setSourceUrl(url: string | null): void;
  /** Drops a queued request. */
  clearQueued(): void;
  /** Whether a request waits in the queue. */
  queued: boolean;
}

/**
 * The generation engine's code — the engine, its intent queue, the run calls, the request check
 * and the preset catalogues it checks against — loads on first use (the composer opened, a
 * submit), not with the home screen.
 */
type GenerationService = typeof import('./generation-service');

/** The engine's code once loaded and handed the source the composer named meanwhile. */
let ready: GenerationService | null = null;
let preparing: Promise<GenerationService> | null = null;
/** The source the composer named before the engine's code was in. */
let sourceUrlBeforeLoad: string | null = null;
const readyListeners = new Set<() => void>();

/** Loads the engine's code once; a load that failed (the network) is tried again on next use. */
function prepareGeneration(): Promise<GenerationService> {
  preparing ??= import('./generation-service').then(
    (service) => {
      service.getIntentQueue().setSourceUrl(sourceUrlBeforeLoad);
      ready = service;
      for (const listener of readyListeners) listener();
      return service;
    },
    (error: unknown) => {
      preparing = null;
      throw error;
    },
  );
  return preparing;
}

/** The engine's code at once when it is in, else once loaded (a failed load says so). */
function withGeneration(run: (service: GenerationService) => void): void {
  if (ready) return run(ready);
  void prepareGeneration().then(run, () => toast.error('Something went wrong', 'Please check your connection and try again.'));
}

/**
 * The engine and its intent queue for a screen; generation navigates with the router. The
 * engine's code loads when `prepare` turns true (the composer opened) or on the first request.
 */
export function useGeneration(options: Pick<GenerateOptions, 'onOpen' | 'onComplete'> = {}, prepare = false): UseGeneration {
  const isGenerating = useRuns((state) => state.current !== null);
  const isNavigating = useRuns((state) => state.navigating);
  const queued = useQueued();
  const navigate = useNavigate();
  const { onOpen, onComplete } = options;
  useEffect(() => {
    if (prepare) prepareGeneration().then((service) => service.warmLibrary(), () => {});
  }, [prepare]);
  const callOptions = useCallback(
    (): GenerateOptions => ({
      navigate: (path) => void navigate(path),
      ...(onOpen ? { onOpen } : {}),
      ...(onComplete ? { onComplete } : {}),
    }),
    [navigate, onComplete, onOpen],
  );
  const submit = useCallback(
    (request: GenerationRequest, look?: string | null) =>
      withGeneration((service) => void service.getIntentQueue().submit(request, { ...callOptions(), look: look ?? null })),
    [callOptions],
  );
  const generate = useCallback(
    (request: GenerationRequest, look?: string | null) =>
      withGeneration((service) => void service.getGenerationEngine().generate(request, { ...callOptions(), look: look ?? null })),
    [callOptions],
  );
  return { isGenerating, isNavigating, submit, generate, setSourceUrl, clearQueued, queued };
}

function setSourceUrl(url: string | null): void {
  if (ready) ready.getIntentQueue().setSourceUrl(url);
  else sourceUrlBeforeLoad = url;
}

function clearQueued(): void {
  // Nothing can be queued before the engine's code is in.
  ready?.getIntentQueue().clear();
}

function subscribeQueued(listener: () => void): () => void {
  let stopQueue: (() => void) | null = null;
  const follow = () => {
    stopQueue ??= ready?.getIntentQueue().subscribe(listener) ?? null;
    listener();
  };
  readyListeners.add(follow);
  if (ready) follow();
  return () => {
    readyListeners.delete(follow);
    stopQueue?.();
  };
}

function useQueued(): boolean {
  return useSyncExternalStore(subscribeQueued, () => ready?.getIntentQueue().getState().pendingIntent != null, () => false);
}

/**
 * What `request` would spend if submitted now and whether `known.balance` covers it (`known.what`
 * names it in the shortfall message), as the server says
 * (quote-generation, else its price table: see priceGeneration); refreshed as it changes; `price`
 * null while unknown (nothing to price, the engine's code not in yet, or no answer), `checking`
 * while this very request's price is on its way.
 */
export function useGenerationPrice(
  request: GenerationRequest | null,
  enabled: boolean,
  known: { balance: number | null; what: string },
): { price: GenerationPrice | null; checking: boolean } {
  const loaded = useGenerationLoaded();
  const query = useQuery({
    queryKey: ['quote-generation', request, known] as const,
    queryFn: async ({ signal }) => (await prepareGeneration()).priceRequest(request!, known, signal),
    enabled: enabled && loaded && request !== null,
    staleTime: 5_000,
    retry: false,
  });
  // Only the answer for this very request: another mode's price is never shown as this one's.
  const price = enabled && request ? (query.data ?? null) : null;
  const checking = enabled && request !== null && price === null && (!loaded || query.isFetching);
  return { price, checking };
}

/**
 * Whether the engine's code is in. A state set in a transition, not an external store: its
 * arrival re-renders the whole composer's page, which a store's update would do in one
 * uninterrupted task (React renders those synchronously), right as a phone's page starts up.
 * False while a drawn page is hydrated, as on the server.
 */
function useGenerationLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const done = () => startTransition(() => setLoaded(true));
    if (ready) return done();
    readyListeners.add(done);
    return () => void readyListeners.delete(done);
  }, []);
  return loaded;
}
