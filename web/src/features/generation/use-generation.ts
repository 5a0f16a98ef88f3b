import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { getGenerationEngine } from './generation-service';
import type { GenerateOptions, GenerateOutcome, GeneratedMediaItem, GenerationRequest, GenerationState } from './generation-types';

export interface UseGeneration extends GenerationState {
  generate(request: GenerationRequest): Promise<GenerateOutcome>;
  cancel(): void;
}

/**
 * The generation engine for a screen: its state (isGenerating, lastResult, viewerItems…) and
 * `generate`, which navigates with the router. `onOpen` is the ready toast's tap.
 */
export function useGeneration(options: { onOpen?: (item: GeneratedMediaItem) => void } = {}): UseGeneration {
  const engine = getGenerationEngine();
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  const navigate = useNavigate();
  const { onOpen } = options;

  const generate = useCallback(
    (request: GenerationRequest) => {
      const callOptions: GenerateOptions = { navigate: (path) => void navigate(path) };
      if (onOpen) callOptions.onOpen = onOpen;
      return engine.generate(request, callOptions);
    },
    [engine, navigate, onOpen],
  );
  const cancel = useCallback(() => engine.cancel(), [engine]);

  return { ...state, generate, cancel };
}
