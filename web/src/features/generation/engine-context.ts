import type { ClientMode, Notice, WeeklyPreset } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../entities/media/media-item';
import type { RunStore } from '../../state/run-reducer';
import type { TimerHandle, Timers } from '../../lib/scheduler';
import type { Notifier } from '../../components/toast/toast-notifier';
import type { GenerationApi } from './generation-api';
import type { RunEventStream } from '../../api/run-event-stream';
import { announceGeneration, type GenerationEventDetails, type GenerationEventName } from './generation-events';
import type { GenerationRequest } from './generation-types';

/** Everything the engine talks to; all injectable (tests pass fakes and fake timers). */
export interface GenerationEngineDeps {
  api: GenerationApi;
  /** Where the spec's events are announced (window in the app). */
  events: EventTarget;
  notifier: Notifier;
  timers: Timers;
  /** A fresh run id: 8–100 of [A-Za-z0-9_-] (crypto.randomUUID in the app). */
  createRunId: () => string;
  isSignedIn: () => boolean;
  getUserId: () => string | null;
  isMobile: () => boolean;
  navigate: (path: string) => void;
  /** The loaded weekly presets (null: not loaded). */
  getWeeklyPresets: () => readonly WeeklyPreset[] | null;
  now: () => Date;
  /** The ready toast's tap; default: go where the new media shows (/gallery or /profile). */
  onOpen?: (item: MediaItem) => void;
  /** Default: navigate to /auth. */
  onSignInRequired?: () => void;
  /** Marks server state stale (a query key of `api/query-keys.ts`); the app wires TanStack Query. */
  invalidate?: (queryKey: readonly unknown[]) => void;
  /** The app's server-state cache: the library's list is asked for there before a run lands in it. */
  queryClient?: QueryClient;
  /** The person's run events (issue 16); null or absent: no EventSource, runs are polled. */
  stream?: RunEventStream | null;
  /** The composer: closed at the start; its options cleared 1 s later ('started') and on completion ('completed'), its photos kept. */
  composer?: {
    close(): void;
    clear(reason: 'started' | 'completed'): void;
  };
}

/** The run the engine follows; any other run is stale. */
export interface Run {
  runId: string;
  mode: ClientMode;
  /** The look's name ('Story Time', 'The Syndicate'), when the screen named it. */
  look: string | null;
  request: GenerationRequest;
  onOpen: (item: MediaItem) => void;
  onComplete?: (item: MediaItem) => void;
}

/** What start, poll and finish share: the dependencies, the store, the current run and timers. */
export interface EngineContext {
  deps(): GenerationEngineDeps;
  store: RunStore;
  isCurrent(runId: string): boolean;
  /** Stops following `runId` if it is the current run; returns whether it was. */
  release(runId: string): boolean;
  later(ms: number, callback: () => void): void;
  announce<K extends GenerationEventName>(name: K, detail: GenerationEventDetails[K]): void;
  toast(kind: 'ready' | 'error', notice: Notice, onClick?: () => void): void;
}

export function createEngineContext(
  getDeps: () => GenerationEngineDeps,
  store: RunStore,
  current: { get(): string | null; set(runId: string | null): void },
  pending: Set<TimerHandle>,
): EngineContext {
  return {
    deps: getDeps,
    store,
    isCurrent: (runId) => current.get() === runId,
    release: (runId) => {
      if (current.get() !== runId) return false;
      current.set(null);
      store.dispatch({ type: 'local.released', runId });
      return true;
    },
    later: (ms, callback) => {
      const handle = getDeps().timers.setTimeout(() => {
        pending.delete(handle);
        callback();
      }, ms);
      pending.add(handle);
    },
    announce: (name, detail) => announceGeneration(getDeps().events, name, detail),
    toast: (kind, notice, onClick) => {
      getDeps().notifier.show(kind, onClick ? { ...notice, onClick } : notice);
    },
  };
}
