import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { getIntentQueue } from './generation-service';
import type { GeneratedMediaItem, GenerationRequest } from './generation-types';
import type { IntentQueue, IntentQueueState } from './intent-queue';

export interface UseIntentQueue extends IntentQueueState {
  /** Runs the intent now or queues it (spec 1 §4); generation navigates with the router. */
  submit(intent: GenerationRequest): 'started' | 'queued';
  setSourceUrl: IntentQueue['setSourceUrl'];
  clear: IntentQueue['clear'];
}

export function useIntentQueue(options: { onOpen?: (item: GeneratedMediaItem) => void } = {}): UseIntentQueue {
  const queue = getIntentQueue();
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  const navigate = useNavigate();
  const { onOpen } = options;
  const submit = useCallback(
    (intent: GenerationRequest) =>
      queue.submit(intent, { navigate: (path) => void navigate(path), ...(onOpen ? { onOpen } : {}) }),
    [queue, navigate, onOpen],
  );
  return { ...state, submit, setSourceUrl: queue.setSourceUrl, clear: queue.clear };
}
