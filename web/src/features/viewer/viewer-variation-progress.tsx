import { runText } from '../../state/run-reducer';
import { useRunningVariationOf } from '../../state/run-store';

/**
 * A variation of the shown item while it runs, in the viewer it was started from: its state as
 * its card in the library says it ("In queue · 1 ahead · about 8 s", "Generating"), until it ends
 * (then the ready toast opens it).
 */
export function ViewerVariationProgress({ mediaId }: { mediaId: string }) {
  const card = useRunningVariationOf(mediaId);
  if (!card) return null;
  // The wait as the server last estimated it (the library's card counts it down).
  const text = runText(card, card.etaAt ?? card.startedAt);
  return (
    <p className="viewer__variation row" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Variation: {text}</span>
    </p>
  );
}
