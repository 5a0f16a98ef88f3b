import { PROMPT_COUNTER_DENOMINATOR, PROMPT_MAX_LENGTH, needsEnhancement } from '@app/shared';
import { type KeyboardEvent, useId } from 'react';
import { WandIcon } from '../../../components/icons/creation-icons';
import '../../../styles/cluster.css';

type PromptFieldProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onEnhance: () => void;
  enhanceDisabled: boolean;
  enhancing: boolean;
  /** Studio without a file: the textarea is disabled (spec 1 §5). */
  disabled: boolean;
  placeholder: string;
};

/** The prompt textarea (at most 4000 characters, counted out of 3000) with the free magic wand. */
export function PromptField({ value, onChange, onSubmit, onEnhance, enhanceDisabled, enhancing, disabled, placeholder }: PromptFieldProps) {
  const id = useId();
  const suggest = !enhanceDisabled && needsEnhancement(value);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <div className={`prompt-field stack${disabled ? ' is-disabled' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        Prompt
      </label>
      <textarea
        id={id}
        className="prompt-field__input"
        value={value}
        maxLength={PROMPT_MAX_LENGTH}
        rows={2}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="prompt-field__meta">
        <button
          type="button"
          className={`prompt-field__wand inline-row${enhancing ? ' is-busy' : ''}${suggest ? ' is-suggested' : ''}`}
          onClick={onEnhance}
          disabled={enhanceDisabled}
          aria-label="Enhance prompt with AI (free)"
          title="Magic wand: enhance your prompt with AI — it's free"
        >
          {enhancing ? <span className="button__spinner" aria-hidden="true" /> : <WandIcon />}
          <span className="prompt-field__wand-text">{enhancing ? 'Enhancing…' : 'Enhance · free'}</span>
        </button>
        <span className="prompt-field__counter">
          <span className="visually-hidden">Prompt length: </span>
          {value.length}/{PROMPT_COUNTER_DENOMINATOR}
        </span>
      </div>
    </div>
  );
}
