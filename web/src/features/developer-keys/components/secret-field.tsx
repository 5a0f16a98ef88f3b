import type { ReactNode } from 'react';

type SecretFieldProps = { id: string; label: string; value: string; children?: ReactNode };

/**
 * A secret in a monospace, read-only field (the new key, the signing secret), its buttons beside
 * it; a click selects all of it, for copying by hand.
 */
export function SecretField({ id, label, value, children }: SecretFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="secret-field">
        <input
          id={id}
          className="field__input secret-field__value"
          value={value}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
        <div className="secret-field__actions">{children}</div>
      </div>
    </div>
  );
}
