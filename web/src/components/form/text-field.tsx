import type { InputHTMLAttributes, ReactNode } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'aria-invalid' | 'aria-describedby'> & {
  id: string;
  label: string;
  onValueChange?: (value: string) => void;
  invalid?: boolean;
  /** The id of the message that explains a problem with the value. */
  describedBy?: string;
  /** A button beside the input; the two share a row of class `rowClassName`. */
  action?: ReactNode;
  rowClassName?: string;
};

/** A labelled one-line input (e-mail addresses, mostly), with an optional button beside it. */
export function TextField({
  id,
  label,
  onValueChange,
  invalid = false,
  describedBy,
  action,
  rowClassName,
  className = 'field__input',
  ...input
}: TextFieldProps) {
  const field = (
    <input
      id={id}
      className={className}
      onChange={onValueChange && ((event) => onValueChange(event.target.value))}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {action ? (
        <div className={rowClassName}>
          {field}
          {action}
        </div>
      ) : (
        field
      )}
    </>
  );
}

/** An e-mail address field: the e-mail keyboard, autofill and the example address, unless given others. */
export function EmailField(props: TextFieldProps) {
  return (
    <TextField
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      {...props}
    />
  );
}
