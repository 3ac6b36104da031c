/**
 * A password input with its error line and a Show/Hide toggle (spec §2 'Login'). Whether the
 * characters show is a presentation toggle of this component, not workflow state.
 */
import { useState } from 'react';
import './authControls.css';

interface PasswordFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | null;
  onValueChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  maxLength?: number;
  required?: boolean;
}

export function PasswordField({ id, name, label, value, error, onValueChange, autoComplete, maxLength, required }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={maxLength}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onValueChange(e.target.value)}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
