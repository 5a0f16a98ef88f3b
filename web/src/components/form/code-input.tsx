import { OTP_LENGTH } from '@app/shared';
import { type CSSProperties, type Ref, useId } from 'react';
import './forms.css';
import '../../styles/stack.css';
import './code-input.css';

/** Keeps digits only, at most `length` of them (spec 3 §5). */
export function sanitizeCode(value: string, length = OTP_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, length);
}

type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** Shown to screen readers only; the boxes make the field's purpose plain to the eye. */
  hideLabel?: boolean;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of elements describing the field (its error message). */
  describedBy?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
};

/**
 * A one-time-code field drawn as six boxes. It is one real <input> (so paste, the phone's
 * "from Messages" suggestion and screen readers all work) laid over boxes that show its digits.
 */
export function CodeInput({
  value,
  onChange,
  label,
  hideLabel = false,
  length = OTP_LENGTH,
  disabled = false,
  invalid = false,
  describedBy,
  autoFocus = false,
  inputRef,
  name = 'code',
}: CodeInputProps) {
  const id = useId();
  return (
    <div className="code-input-field stack">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className={`code-input${invalid ? ' code-input--invalid' : ''}`} style={{ '--code-length': length } as CSSProperties}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="code-input__field"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(sanitizeCode(event.target.value, length))}
          onFocus={(event) => {
            const end = event.target.value.length;
            event.target.setSelectionRange(end, end);
          }}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
          // A modal gives this field the focus back when a step change left it on the page.
          data-autofocus={autoFocus || undefined}
        />
        <div className="code-input__boxes" aria-hidden="true">
          {Array.from({ length }, (_, index) => (
            <span
              key={index}
              className={[
                'code-input__box',
                value[index] ? 'is-filled' : '',
                index === Math.min(value.length, length - 1) ? 'is-current' : '',
              ].join(' ')}
            >
              {value[index] ?? ''}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
