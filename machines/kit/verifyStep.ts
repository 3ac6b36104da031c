/**
 * The e-mail code step: the four code boxes and the resend control side by side, or 'Wrong
 * e-mail? Change it'. Step 2 of the rider sign-up wizard, 'Verify Your Email' (spec §2, §5), and
 * the company sign-up's code step (machines/companies/companySignupMachine.ts), whose page has one
 * code field (CODE_SET, the whole code at once) and a fixed address (it never sends CHANGE_EMAIL).
 *
 *   entering (parallel) ──CHANGE_EMAIL──▶ changingEmail: editing ⇄ error ──SUBMIT──▶ submitting
 *      ▲  ▲                                        │ CANCEL_CHANGE_EMAIL                 │
 *      │  └────────────────────────────────────────┘                                     │
 *      └──── a new code went to the new address (digits cleared, countdown restarted) ───┘
 *   entering.code: editing ⇄ error ──SUBMIT──▶ submitting ──▶ done (output: the address verified)
 *   entering.resend: checking ──▶ ready ──RESEND──▶ sending ──▶ coolingDown ──TICK (deadline)──▶ ready
 *
 * A resend that went out clears the old digits and the old error (CODE_RESENT, raised). The
 * cooldown keeps a deadline (a timestamp): TICK events carry the time, so a simulated clock drives
 * it in tests and the deadline survives a reload (the app stores it and passes it in the input).
 * Tags: 'busy' while the code or a new address is being sent.
 *
 * Pure: the time comes in events and the input; requests and storage are named actors and actions.
 */
import { assertEvent, assign, fromPromise, not, raise, setup, stateIn } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { VERIFY_CODE_LENGTH } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { changeEmailForm, digitsFromPaste } from '../../src/shared/signup';
import { validateForm } from '../../src/shared/validation';
import { ResendCooldownError, messageOf } from './errors';
import { CODE_FIELD, COOLDOWN_MS, resendDeadlineAfter } from './resendCode';

export { CODE_FIELD, COOLDOWN_MS };

export interface VerifyInput {
  /** The address the code went to. */
  email: string;
  /** The kept deadline of the resend countdown, or null. */
  resendDeadline: number | null;
  now: number;
}

export interface VerifyContext {
  email: string;
  code: string[];
  /** The box that has (or gets) the focus. */
  codeFocus: number;
  /** The step's message: under the boxes (verify_email_code) or under the new address (email). */
  error: FieldError | null;
  resendDeadline: number | null;
  now: number;
  resendNotice: string | null;
  resendError: string | null;
  /** The address typed in 'Wrong e-mail? Change it'. */
  newEmail: string;
}

export type VerifyEvent =
  | { type: 'CODE_INPUT'; index: number; value: string }
  | { type: 'CODE_BACKSPACE'; index: number }
  | { type: 'CODE_PASTE'; text: string }
  /** The whole code from one field (the company sign-up's single code input): digits only, cut to the code's length. */
  | { type: 'CODE_SET'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RESEND' }
  /** Raised by the machine when a resend went out: the old digits and error go. */
  | { type: 'CODE_RESENT' }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'EDIT_EMAIL'; value: string }
  | { type: 'CANCEL_CHANGE_EMAIL' }
  | { type: 'TICK'; now: number };

/** What the step reports when the code was right: the address now verified. */
export interface VerifyOutput {
  email: string;
}

const emptyCode = () => Array.from({ length: VERIFY_CODE_LENGTH }, () => '');

/** Digits into the boxes from `start`; the focus goes to the box after the last one filled. */
function fill(code: readonly string[], start: number, digits: readonly string[]): { code: string[]; focus: number } {
  const next = [...code];
  let i = start;
  for (const d of digits) {
    if (i >= VERIFY_CODE_LENGTH) break;
    next[i] = d;
    i += 1;
  }
  return { code: next, focus: Math.min(i, VERIFY_CODE_LENGTH - 1) };
}

/**
 * One box's input (spec §5: non-digits stripped, one digit per box, focus moves on). Typing over
 * a digit keeps the new one; several digits at once (a keyboard's one-time-code suggestion)
 * fill the boxes from this one.
 */
export function applyBoxInput(code: readonly string[], index: number, value: string): { code: string[]; focus: number } {
  const digits = value.replace(/\D/g, '');
  const previous = code[index] ?? '';
  if (digits.length === 0) {
    const next = [...code];
    next[index] = '';
    return { code: next, focus: index };
  }
  if (digits.length === 1) return fill(code, index, [digits]);
  if (digits.length === 2 && previous !== '' && digits.includes(previous)) {
    const typed = digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1);
    return fill(code, index, [typed]);
  }
  return fill(code, index, digits.split(''));
}

/** Backspace: clears this box, or (when it is empty) the one before, where the focus goes. */
export function applyBackspace(code: readonly string[], index: number): { code: string[]; focus: number } {
  const next = [...code];
  if ((next[index] ?? '') !== '') {
    next[index] = '';
    return { code: next, focus: index };
  }
  const before = Math.max(0, index - 1);
  next[before] = '';
  return { code: next, focus: before };
}

const newEmailError = (context: VerifyContext) => validateForm(changeEmailForm, { email: context.newEmail });

export const verifyStep = setup({
  types: {
    input: {} as VerifyInput,
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
    output: {} as VerifyOutput,
  },
  actors: {
    /** The code checked (the rider's PUT /api/users/verify-email, the company's its own). Its answer is not read. */
    verifyCode: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
    /** POST /api/users/send-verify-email. Rejects with ResendCooldownError when told to wait. */
    sendCode: fromPromise<{ sentAt: number }>(async () => {
      throw new Error('sendCode not provided');
    }),
    /**
     * PUT /api/users/signup-email: the address changed and a new code sent there.
     * Resolves with the address as stored; rejects with ResendCooldownError when told to wait.
     */
    changeEmail: fromPromise<{ sentAt: number; email: string }, { email: string }>(async () => {
      throw new Error('changeEmail not provided');
    }),
  },
  actions: {
    /** Keep the resend deadline across reloads (localStorage in the app). */
    persistResendDeadline: (_, _params: { deadline: number }) => {},
    forgetResendDeadline: () => {},
    /** The signed-in user's basics changed (the navigation and route guards reload them). */
    userChanged: () => {},
    clearError: assign({ error: null }),
    clearCode: assign({ code: () => emptyCode(), codeFocus: 0, error: null }),
    typeDigit: assign(({ context, event }) => {
      assertEvent(event, 'CODE_INPUT');
      const { code, focus } = applyBoxInput(context.code, event.index, event.value);
      return { code, codeFocus: focus };
    }),
    backspace: assign(({ context, event }) => {
      assertEvent(event, 'CODE_BACKSPACE');
      const { code, focus } = applyBackspace(context.code, event.index);
      return { code, codeFocus: focus };
    }),
    pasteCode: assign(({ event }) => {
      assertEvent(event, 'CODE_PASTE');
      const { code, focus } = fill(emptyCode(), 0, digitsFromPaste(event.text) ?? []);
      return { code, codeFocus: focus };
    }),
    setCode: assign(({ event }) => {
      assertEvent(event, 'CODE_SET');
      const { code, focus } = fill(emptyCode(), 0, event.value.replace(/\D/g, '').split(''));
      return { code, codeFocus: focus };
    }),
    tick: assign(({ event }) => {
      assertEvent(event, 'TICK');
      return { now: event.now };
    }),
    editEmail: assign(({ event }) => {
      assertEvent(event, 'EDIT_EMAIL');
      return { newEmail: event.value };
    }),
    showNewEmailError: assign({ error: ({ context }) => newEmailError(context) }),
    showCodeMissing: assign({ error: { field: CODE_FIELD, message: messages.enterCode } }),
    openChangeEmail: assign({ newEmail: ({ context }) => context.email, error: null }),
  },
  guards: {
    codeIncomplete: ({ context }) => context.code.some((d) => d === ''),
    newEmailInvalid: ({ context }) => newEmailError(context) !== null,
    pasteIsCode: ({ event }) => event.type === 'CODE_PASTE' && digitsFromPaste(event.text) !== null,
    coolingDown: ({ context }) => context.resendDeadline !== null && context.resendDeadline > context.now,
    deadlinePassed: ({ context, event }) => event.type === 'TICK' && (context.resendDeadline === null || event.now >= context.resendDeadline),
    isCooldown: (_, params: { error: unknown }) => params.error instanceof ResendCooldownError,
  },
}).createMachine({
  id: 'verifyStep',
  context: ({ input }) => ({
    email: input.email,
    code: emptyCode(),
    codeFocus: 0,
    error: null,
    resendDeadline: input.resendDeadline,
    now: input.now,
    resendNotice: null,
    resendError: null,
    newEmail: '',
  }),
  initial: 'entering',
  states: {
    entering: {
      type: 'parallel',
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                CODE_INPUT: { actions: 'typeDigit' },
                CODE_BACKSPACE: { actions: 'backspace' },
                CODE_PASTE: { guard: 'pasteIsCode', actions: 'pasteCode' },
                CODE_SET: { actions: 'setCode' },
                SUBMIT: [{ guard: 'codeIncomplete', target: 'error', actions: 'showCodeMissing' }, { target: 'submitting' }],
                CODE_RESENT: { actions: 'clearCode' },
                // Not while a new code is on its way (leaving would drop that request).
                CHANGE_EMAIL: {
                  guard: not(stateIn({ entering: { resend: 'sending' } })),
                  target: '#verifyStep.changingEmail',
                  actions: 'openChangeEmail',
                },
              },
            },
            error: {
              on: {
                CODE_INPUT: { target: 'editing', actions: ['typeDigit', 'clearError'] },
                CODE_BACKSPACE: { target: 'editing', actions: ['backspace', 'clearError'] },
                CODE_PASTE: { guard: 'pasteIsCode', target: 'editing', actions: ['pasteCode', 'clearError'] },
                CODE_SET: { target: 'editing', actions: ['setCode', 'clearError'] },
                SUBMIT: [{ guard: 'codeIncomplete', target: 'error', actions: 'showCodeMissing' }, { target: 'submitting' }],
                CODE_RESENT: { target: 'editing', actions: 'clearCode' },
                CHANGE_EMAIL: {
                  guard: not(stateIn({ entering: { resend: 'sending' } })),
                  target: '#verifyStep.changingEmail',
                  actions: 'openChangeEmail',
                },
              },
            },
            submitting: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ code: context.code.join('') }),
                onDone: {
                  target: '#verifyStep.verified',
                  actions: ['forgetResendDeadline', assign({ resendDeadline: null, resendNotice: null, resendError: null })],
                },
                onError: {
                  target: 'error',
                  actions: assign({ error: ({ event }) => ({ field: CODE_FIELD, message: messageOf(event.error, messages.submitFailed) }) }),
                },
              },
            },
          },
        },
        resend: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'coolingDown', target: 'coolingDown' }, { target: 'ready' }],
            },
            ready: {
              on: { RESEND: 'sending' },
            },
            sending: {
              entry: assign({ resendNotice: null, resendError: null }),
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                onDone: {
                  target: 'coolingDown',
                  actions: [
                    assign({
                      resendDeadline: ({ event }) => resendDeadlineAfter(event.output.sentAt),
                      now: ({ event }) => event.output.sentAt,
                      resendNotice: messages.verificationCodeSent,
                    }),
                    { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: resendDeadlineAfter(event.output.sentAt) }) },
                    // The code boxes start again: the old digits are of a dead code.
                    raise({ type: 'CODE_RESENT' }),
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
                    target: 'coolingDown',
                    actions: [
                      assign({
                        resendDeadline: ({ event }) => (event.error as ResendCooldownError).retryAt,
                        resendError: ({ event }) => (event.error as ResendCooldownError).message,
                      }),
                      { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: (event.error as ResendCooldownError).retryAt }) },
                    ],
                  },
                  { target: 'ready', actions: assign({ resendError: ({ event }) => messageOf(event.error, messages.submitFailed) }) },
                ],
              },
            },
            coolingDown: {
              on: {
                TICK: [
                  {
                    guard: 'deadlinePassed',
                    target: 'ready',
                    actions: ['tick', assign({ resendDeadline: null, resendError: null }), 'forgetResendDeadline'],
                  },
                  { actions: 'tick' },
                ],
              },
            },
          },
        },
      },
    },

    // 'Wrong e-mail? Change it': the same rule as step 1's address; a new code
    // goes to the new address and the old one dies, under the resend's cooldown and limits.
    changingEmail: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            EDIT_EMAIL: { actions: 'editEmail' },
            SUBMIT: [{ guard: 'newEmailInvalid', target: 'error', actions: 'showNewEmailError' }, { target: 'submitting' }],
            CANCEL_CHANGE_EMAIL: { target: '#verifyStep.entering' },
          },
        },
        error: {
          on: {
            EDIT_EMAIL: { target: 'editing', actions: ['editEmail', 'clearError'] },
            SUBMIT: [{ guard: 'newEmailInvalid', target: 'error', actions: 'showNewEmailError' }, { target: 'submitting' }],
            CANCEL_CHANGE_EMAIL: { target: '#verifyStep.entering', actions: 'clearError' },
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'changeEmail',
            src: 'changeEmail',
            input: ({ context }) => ({ email: context.newEmail.trim() }),
            onDone: {
              target: '#verifyStep.entering',
              actions: [
                'clearCode',
                assign({
                  email: ({ event }) => event.output.email,
                  newEmail: '',
                  resendDeadline: ({ event }) => resendDeadlineAfter(event.output.sentAt),
                  now: ({ event }) => event.output.sentAt,
                  resendNotice: ({ event }) => messages.emailChanged(event.output.email),
                  resendError: null,
                }),
                { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: resendDeadlineAfter(event.output.sentAt) }) },
                'userChanged',
              ],
            },
            onError: [
              {
                guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
                target: 'error',
                actions: [
                  assign({
                    resendDeadline: ({ event }) => (event.error as ResendCooldownError).retryAt,
                    error: ({ event }) => ({ field: 'email', message: (event.error as ResendCooldownError).message }),
                  }),
                  { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: (event.error as ResendCooldownError).retryAt }) },
                ],
              },
              {
                target: 'error',
                actions: assign({ error: ({ event }) => ({ field: 'email', message: messageOf(event.error, messages.submitFailed) }) }),
              },
            ],
          },
        },
      },
    },

    verified: {
      type: 'final',
      // Only until the wizard takes the step's end: the step still shows its request as under way.
      tags: ['busy'],
    },
  },
  output: ({ context }) => ({ email: context.email }),
});

export type VerifyStep = typeof verifyStep;
