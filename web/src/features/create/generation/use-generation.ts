import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { type GenerationStatus, useGenerationStatus } from '../../../state/generation-store';
import { getGenerationEngine, getIntentQueue } from './generation-service';
import type { GenerateOptions, GenerationRequest } from './generation-types';

export interface UseGeneration extends GenerationStatus {
  /** Runs the request now, or queues it while the source uploads (spec 1 §4 intent queue). */
  submit(request: GenerationRequest): 'started' | 'queued';
  /** Runs the request now (no source to wait for). */
  generate(request: GenerationRequest): void;
  /** The uploaded source a queued request waits for. */
  setSourceUrl(url: string | null): void;
  /** Drops a queued request. */
  clearQueued(): void;
  /** Whether a request waits in the queue. */
  queued: boolean;
}

/** The engine and its intent queue for a screen; generation navigates with the router. */
export function useGeneration(options: Pick<GenerateOptions, 'onOpen' | 'onComplete'> = {}): UseGeneration {
  const status = useGenerationStatus();
  const queue = getIntentQueue();
  const queued = useQueued(queue);
  const navigate = useNavigate();
  const { onOpen, onComplete } = options;
  const callOptions = useCallback(
    (): GenerateOptions => ({
      navigate: (path) => void navigate(path),
      ...(onOpen ? { onOpen } : {}),
      ...(onComplete ? { onComplete } : {}),
    }),
    [navigate, onComplete, onOpen],
  );
  const submit = useCallback((request: GenerationRequest) => queue.submit(request, callOptions()), [callOptions, queue]);
  const generate = useCallback(
    (request: GenerationRequest) => void getGenerationEngine().generate(request, callOptions()),
    [callOptions],
  );
  return { ...status, submit, generate, setSourceUrl: queue.setSourceUrl, clearQueued: queue.clear, queued };
}

function useQueued(queue: ReturnType<typeof getIntentQueue>): boolean {
  return useSyncExternalStore(queue.subscribe, () => queue.getState().pendingIntent !== null, () => false);
}
