import { useEffect, useRef } from 'react';
import { type GenerationEventDetails, type GenerationEventName, onGenerationEvent } from './generation-events';

/** Listens to one generation event on window while the component is mounted. */
export function useGenerationEvent<K extends GenerationEventName>(
  name: K,
  handler: (detail: GenerationEventDetails[K]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onGenerationEvent(name, (detail) => latest.current(detail)), [name]);
}
