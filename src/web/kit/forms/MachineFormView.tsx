/**
 * Renders any captcha-then-submit form from the form machine's view model: its fields, the
 * captcha once the form is in use, and the submit button with its own 'Submitting...'.
 * Every public form is this view with its own fields; it holds no workflow state.
 * Errors: every invalid field's message at once, the focus to the first. Sent: a
 * confirmation of what happens next in place of the form, when the form has one.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { FormEvent } from '../../../../machines/kit/formMachine';
import type { FormView } from '../../../../machines/kit/formView';
import { messages } from '../../../shared/messages';
import type { FormDefinition } from '../../../shared/validation';
import { CaptchaRegion } from '../components/Captcha';
import { Field } from '../components/Field';
import { PasswordField } from '../components/PasswordField';
import { FormConfirmation, type Confirmation } from './FormConfirmation';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

export interface FieldConfig {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
}

export interface FormViewProps {
  view: FormView;
  send: (event: FormEvent) => void;
}

interface MachineFormViewProps extends FormViewProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  form: FormDefinition;
  fields: readonly FieldConfig[];
  submitLabel: string;
  /** Spec §5 (waitlist): the captcha comes first, above the fields. */
  captchaFirst?: boolean;
  headingLevel?: 'h1' | 'h2';
  /** What the form says once sent, made from what was sent; the form comes back with its button. */
  confirmation?: (sent: Record<string, string>) => Confirmation;
}

export function MachineFormView({
  id,
  title,
  intro,
  form,
  fields,
  submitLabel,
  captchaFirst,
  headingLevel = 'h2',
  confirmation,
  view,
  send,
}: MachineFormViewProps) {
  const Heading = headingLevel;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, view.focusInvalid);
  const confirming = confirmation !== undefined && view.sent !== null;
  // Back from the confirmation ("send another"): the focus goes to the form's first field.
  const wasConfirming = useRef(confirming);
  useEffect(() => {
    if (wasConfirming.current && !confirming) formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (confirming) {
    return (
      <FormConfirmation
        id={id}
        headingLevel={headingLevel}
        confirmation={confirmation(view.sent!)}
        onAgain={() => send({ type: 'SEND_ANOTHER' })}
      />
    );
  }
  const captcha = (
    <CaptchaRegion
      show={view.showCaptcha}
      reserve={view.captchaSlot}
      resets={view.captchaResets}
      error={view.captchaError}
      send={send}
    />
  );
  return (
    <form
      ref={formRef}
      className="card form-card"
      aria-labelledby={`${id}-title`}
      noValidate
      onFocus={() => send({ type: 'ENGAGE' })}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <Heading id={`${id}-title`}>{title}</Heading>
      {intro ? <p>{intro}</p> : null}
      {captchaFirst ? captcha : null}
      {fields.map((f) => {
        const spec = form.fields[f.name];
        // A password gets the Show/Hide toggle that Login has.
        if (f.type === 'password')
          return (
            <PasswordField
              key={f.name}
              id={`${id}-${f.name}`}
              name={f.name}
              label={f.label}
              autoComplete={f.autoComplete === 'current-password' ? 'current-password' : 'new-password'}
              maxLength={spec?.maxLength}
              required={spec?.required}
              value={view.values[f.name] ?? ''}
              error={view.fieldError(f.name)}
              onValueChange={(value) => send({ type: 'CHANGE', field: f.name, value })}
            />
          );
        return (
          <Field
            key={f.name}
            id={`${id}-${f.name}`}
            name={f.name}
            label={f.label}
            hint={spec && !spec.required ? '(optional)' : undefined}
            type={f.type ?? 'text'}
            multiline={f.multiline}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            maxLength={spec?.maxLength}
            required={spec?.required}
            value={view.values[f.name] ?? ''}
            error={view.fieldError(f.name)}
            onValueChange={(value) => send({ type: 'CHANGE', field: f.name, value })}
          />
        );
      })}
      {captchaFirst ? null : captcha}
      <button type="submit" className="btn" disabled={view.busy} aria-busy={view.busy}>
        {view.busy ? messages.submitting : submitLabel}
      </button>
    </form>
  );
}
