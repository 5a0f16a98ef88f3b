import { isCancelable } from '../../state/run-reducer';
import type { RunCard } from '../../state/run-store';

interface CancelRunButtonProps {
  card: RunCard | null | undefined;
  /** The run's actions (`useRunActions`): busy while a cancel is on its way. */
  actions: { busy: boolean; cancel: () => Promise<void> };
  className: string;
}

/** Cancel, while the run can still be canceled: on its card and in the Creating overlay. */
export function CancelRunButton({ card, actions, className }: CancelRunButtonProps) {
  if (!isCancelable(card)) return null;
  return (
    <button type="button" className={className} onClick={() => void actions.cancel()} disabled={actions.busy}>
      Cancel
    </button>
  );
}
