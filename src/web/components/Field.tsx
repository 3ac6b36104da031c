import type { InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onValueChange: (value: string) => void;
}

/** A labelled input with its error line; the error is announced and tied to the input. */
export function Field({ name, label, value, error, onValueChange, id, ...rest }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onValueChange(e.target.value)}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
