import type { InputHTMLAttributes, ReactNode } from 'react';

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

/** A field's id with its error line and its hint (optional), as every field of a form has them. */
export interface FieldNotes {
  id: string;
  error: string | null;
  hint?: ReactNode;
}

/** The aria-describedby of a field with these notes: its hint, then its error. */
export function describedByOf({ id, error, hint }: FieldNotes): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The hint under a field and its error line (announced), with the ids describedByOf names. */
export function FieldMessages({ id, error, hint }: FieldNotes) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-note">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
