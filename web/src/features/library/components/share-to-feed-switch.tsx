import { useId } from 'react';
import { GlobeIcon } from '../../../components/icons/line-icons';
import '../../../styles/panels.css';

type ShareToFeedSwitchProps = {
  value: boolean | null;
  saving: boolean;
  onToggle: () => void;
  /** A line under the label. */
  hint?: boolean;
  compact?: boolean;
};

/** The Share to Feed toggle of the profile sidebar and the gallery. */
export function ShareToFeedSwitch({ value, saving, onToggle, hint = true, compact = false }: ShareToFeedSwitchProps) {
  const id = useId();
  return (
    <div className={`share-switch row${compact ? ' share-switch--compact' : ''}`}>
      <span className="share-switch__icon place-center" aria-hidden="true">
        <GlobeIcon />
      </span>
      <span className="share-switch__text">
        <span className="share-switch__label" id={`${id}-label`}>
          Share to Feed
        </span>
        {hint && (
          <span className="share-switch__hint" id={`${id}-hint`}>
            {value === false ? 'Creations stay private' : 'Creations go public'}
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={value === true}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={value === null || saving}
        onClick={onToggle}
      >
        <span className="switch__thumb" />
      </button>
    </div>
  );
}
