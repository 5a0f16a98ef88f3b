import type { ReactNode } from 'react';

/** The field's box: its label over the control with that id. */
function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

type SelectFieldProps<T extends string> = {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onValueChange: (value: T) => void;
};

/** A labelled select over a fixed list of values. */
export function SelectField<T extends string>({ id, label, value, options, onValueChange }: SelectFieldProps<T>) {
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(options.find((option) => option.value === event.target.value)?.value ?? value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

type TextAreaFieldProps = {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  rows: number;
  maxLength?: number;
  /** A shorter box (the teaser). */
  short?: boolean;
};

/** A labelled multi-line input. */
export function TextAreaField({ id, label, value, onValueChange, rows, maxLength, short = false }: TextAreaFieldProps) {
  return (
    <LabelledField id={id} label={label}>
      <textarea
        id={id}
        className={short ? 'field__input story-form__textarea story-form__textarea--short' : 'field__input story-form__textarea'}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        rows={rows}
        maxLength={maxLength}
      />
    </LabelledField>
  );
}
