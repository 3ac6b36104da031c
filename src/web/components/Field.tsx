import type { InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onValueChange: (value: string) => void;
  /** A textarea instead of an input. */
  multiline?: boolean;
  /** Shown after the label, e.g. '(optional)'. */
  hint?: string;
}

/** A labelled input with its error line; the error is announced and tied to the input. */
export function Field({ name, label, value, error, onValueChange, id, multiline, hint, ...rest }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  const shared = {
    id: inputId,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return (
    <div className="field">
      <label htmlFor={inputId}>
        {label}
        {hint ? <span className="field-hint"> {hint}</span> : null}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={5}
          maxLength={rest.maxLength}
          required={rest.required}
          onChange={(e) => onValueChange(e.target.value)}
        />
      ) : (
        <input {...shared} onChange={(e) => onValueChange(e.target.value)} {...rest} />
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
