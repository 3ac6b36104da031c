/**
 * Runs a form machine for a view: supplies its effects (the captcha check, the request,
 * toasts, the session's captcha pass) and hands the view a snapshot-derived model plus `send`.
 */
import { useCallback, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { formMachine, type FormEvent } from '../../../../machines/kit/formMachine';
import { formSnapshotToView, type FormView } from '../../../../machines/kit/formView';
import type { FormDefinition } from '../../../shared/validation';
import { captchaApi } from '../http/client';
import { captchaPass } from './captchaPass';

export interface UseFormMachineOptions {
  form: FormDefinition;
  submit: (values: Record<string, string>) => Promise<unknown>;
  /** The success toast: a text, one made from the answer, or none (null). */
  successMessage: string | ((output: unknown) => string) | null;
  /** Runs after a success with the submit's answer (e.g. navigate away). */
  onSuccess?: (output: unknown) => void;
  /** False for a form without a captcha (forgot and reset password). */
  captcha?: boolean;
  captchaFirst?: boolean;
  captchaFailedMessage?: string;
  /** The toast for a failure the server did not explain. */
  failureMessage?: string;
  /** XState's inspection hook: view tests record which transitions the user drove. */
  inspect?: (event: InspectionEvent) => void;
}

export function useFormMachine(options: UseFormMachineOptions): { view: FormView; send: (event: FormEvent) => void } {
  const actor = useActorRef(
    formMachine.provide({
      actors: {
        verifyCaptcha: fromPromise(({ input }) => captchaApi.verify(input.token)),
        submitForm: fromPromise(({ input }) => options.submit(input.values)),
      },
      actions: {
        rememberCaptchaPassed: () => captchaPass.granted(),
        forgetCaptchaPassed: () => captchaPass.refused(),
        announceSuccess: ({ event }) => {
          const output = (event as { output?: unknown }).output;
          const text = typeof options.successMessage === 'function' ? options.successMessage(output) : options.successMessage;
          if (text) toast.success(text);
          options.onSuccess?.(output);
        },
        announceFailure: (_, params) => void toast.error(params.message),
      },
    }),
    {
      input: {
        form: options.form,
        // Without a captcha the form behaves as if it had been passed: straight to submitting.
        // The session's pass arrives after the first render, which must match the prerendered HTML.
        captchaPassed: options.captcha === false,
        captchaFirst: options.captchaFirst,
        captchaFailedMessage: options.captchaFailedMessage,
        failureMessage: options.failureMessage,
      },
      inspect: options.inspect,
    },
  );
  const withCaptcha = options.captcha !== false;
  // The form follows the session's pass: another form passing the captcha hides this one's widget,
  // the server refusing it shows the widget again.
  useEffect(() => {
    if (!withCaptcha) return;
    if (captchaPass.passed()) actor.send({ type: 'CAPTCHA_PASS', passed: true });
    return captchaPass.subscribe((passed) => actor.send({ type: 'CAPTCHA_PASS', passed }));
  }, [actor, withCaptcha]);
  // ... and asks it at the moment it is submitted.
  const send = useCallback(
    (event: FormEvent) => {
      if (event.type === 'SUBMIT' && withCaptcha) actor.send({ type: 'CAPTCHA_PASS', passed: captchaPass.passed() });
      actor.send(event);
    },
    [actor, withCaptcha],
  );
  const snapshot = useSelector(actor, (s) => s);
  return { view: formSnapshotToView(snapshot), send };
}
