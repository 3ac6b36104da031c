/**
 * Maps a form machine snapshot to what a view shows (the snapshotToState pattern of
 * Expensify's MFA machine). Views render this and send events; they keep no workflow state.
 */
import type { SnapshotFrom } from 'xstate';
import { CAPTCHA_FIELD, type formMachine } from './formMachine';

/** Every state a form view can show; stories and view tests must cover each one. */
export const formViewStates = ['editing', 'invalid', 'verifyingCaptcha', 'submitting', 'succeeded'] as const;

export type FormViewState = (typeof formViewStates)[number];

export interface FormView {
  state: FormViewState;
  values: Record<string, string>;
  busy: boolean;
  /** The message under a field, by field name (every invalid field has one at once). */
  fieldError: (field: string) => string | null;
  captchaError: string | null;
  /** Bumped each time errors are shown: the view moves the focus to the first invalid field. */
  focusInvalid: number;
  /** The last failure that belongs to no field, kept until the next try (Login shows it). */
  notice: string | null;
  /** What the last successful submission sent, for the confirmation (null unless succeeded). */
  sent: Record<string, string> | null;
  /** The widget is shown once the form is in use, until the captcha is passed in this session. */
  showCaptcha: boolean;
  /**
   * The widget's place is kept from the start (until the captcha is passed), so its arrival
   * moves nothing: a first tap on the submit button is not lost to a layout shift.
   */
  captchaSlot: boolean;
  captchaResets: number;
}

export function formSnapshotToView(snapshot: SnapshotFrom<typeof formMachine>): FormView {
  const { context } = snapshot;
  const state: FormViewState = snapshot.matches('verifyingCaptcha')
    ? 'verifyingCaptcha'
    : snapshot.matches('submitting')
      ? 'submitting'
      : snapshot.matches('succeeded')
        ? 'succeeded'
        : context.errors.length > 0
          ? 'invalid'
          : 'editing';
  const messageOf = (field: string) => context.errors.find((e) => e.field === field)?.message ?? null;
  return {
    state,
    values: context.values,
    busy: state === 'verifyingCaptcha' || state === 'submitting',
    fieldError: messageOf,
    captchaError: messageOf(CAPTCHA_FIELD),
    focusInvalid: context.focusInvalid,
    notice: context.notice,
    sent: state === 'succeeded' ? context.sent : null,
    showCaptcha: !context.captchaPassed && context.engaged,
    captchaSlot: !context.captchaPassed,
    captchaResets: context.captchaResets,
  };
}
