/**
 * The model of the staff sign-in (machines/ops/opsSignInMachine.ts) shared by its machine test and
 * its view test: the events a member can cause in each state (typing, submitting, switching to
 * a recovery code, starting over, saving the codes) and the answers the server can give.
 */
import type { SnapshotFrom } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { OpsSessionExpiredError, type OpsSignInEvent, type opsSignInMachine } from '../../machines/ops/opsSignInMachine';
import { messages } from '../../src/shared/messages';
import type { OpsEnrolment } from '../../src/shared/opsForms';

export type Snapshot = SnapshotFrom<typeof opsSignInMachine>;

export const EMAIL = 'desk@ogbadispatch.ng';
export const PASSWORD = 'ogba-rides-at-dawn-42';
export const CODE = '492039';
export const RECOVERY = 'k7d2-9fq4';
export const PENDING_TOKEN = 'pending.token.x';
export const COMPLETE_TOKEN = 'complete.token.y';
export const RECOVERY_CODES = ['k7d2-9fq4', 'abcd-efgh', 'mnpq-rstu', '2345-6789', 'wxyz-abcd', 'hjkm-npqr', 'stuv-wxyz', '2a3b-4c5d', '6e7f-8g9h', 'jkmn-pqrs'];
export const ENROLMENT: OpsEnrolment = {
  otpauthUrl: `otpauth://totp/Ogba%20Dispatch:${encodeURIComponent(EMAIL)}?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ogba%20Dispatch`,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** An answer of the server, named for the table: the status and body the view test sends. */
export interface Answer {
  status: number;
  body: unknown;
}

export type ModelEvent =
  | OpsSignInEvent
  | { type: 'xstate.done.actor.logIn'; output: { token: string; next: 'code' | 'enrol' } }
  | { type: 'xstate.done.actor.loadEnrolment'; output: OpsEnrolment }
  | { type: 'xstate.done.actor.confirmEnrolment'; output: { token: string; recoveryCodes: string[] } }
  | { type: 'xstate.done.actor.verifyCode'; output: { token: string } }
  | { type: 'xstate.done.actor.verifyRecovery'; output: { token: string } }
  | { type: `xstate.error.actor.${string}`; error: unknown; answer: Answer | 'network' };

const notFound: Answer = { status: 404, body: { error: { field: 'alert', message: messages.notFound } } };
const refused = (field: string, message: string): Answer => ({ status: field === 'alert' && /too many/i.test(message) ? 429 : 400, body: { error: { field, message } } });

/** An error answer as the app's effects turn it into a rejection. */
export function rejectionOf(answer: Answer | 'network'): unknown {
  if (answer === 'network') return new TypeError('fetch failed');
  if (answer.status === 404) return new OpsSessionExpiredError();
  return new SubmitError((answer.body as { error: { field: string; message: string } }).error);
}

const failure = (id: string, answer: Answer | 'network'): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: rejectionOf(answer), answer });

export const TOO_MANY = messages.tooManyRequests(600);

export function signInEvents(state: Snapshot): ModelEvent[] {
  const v = state.context.values;
  if (state.matches('password'))
    return [
      { type: 'CHANGE', field: 'email', value: v.email ? '' : EMAIL },
      { type: 'CHANGE', field: 'password', value: v.password ? '' : PASSWORD },
      { type: 'SUBMIT' },
    ];
  if (state.matches('checkingPassword'))
    return [
      { type: 'xstate.done.actor.logIn', output: { token: PENDING_TOKEN, next: 'enrol' } },
      { type: 'xstate.done.actor.logIn', output: { token: PENDING_TOKEN, next: 'code' } },
      failure('logIn', refused('alert', messages.invalidCredentials)),
      failure('logIn', refused('alert', TOO_MANY)),
    ];
  if (state.matches({ enrol: 'loadingQr' }))
    return [{ type: 'xstate.done.actor.loadEnrolment', output: ENROLMENT }, failure('loadEnrolment', notFound), failure('loadEnrolment', 'network')];
  if (state.matches({ enrol: 'qrFailed' })) return [{ type: 'RETRY' }, { type: 'START_OVER' }];
  if (state.matches({ enrol: 'showingQr' }) || state.matches({ code: 'entering' }))
    return [
      { type: 'CHANGE', field: 'code', value: v.code === CODE ? '12ab' : CODE },
      { type: 'SUBMIT' },
      { type: 'START_OVER' },
      ...(state.matches('code') ? [{ type: 'USE_RECOVERY' } as const] : []),
    ];
  if (state.matches({ enrol: 'checkingCode' }))
    return [
      { type: 'xstate.done.actor.confirmEnrolment', output: { token: COMPLETE_TOKEN, recoveryCodes: RECOVERY_CODES } },
      failure('confirmEnrolment', refused('code', messages.opsCodeInvalid)),
      failure('confirmEnrolment', notFound),
    ];
  if (state.matches({ enrol: 'recoveryCodes' })) return [{ type: 'COPY_CODES' }, { type: 'DOWNLOAD_CODES' }, { type: 'DONE' }];
  if (state.matches({ code: 'checking' }))
    return [
      { type: 'xstate.done.actor.verifyCode', output: { token: COMPLETE_TOKEN } },
      failure('verifyCode', refused('code', messages.opsCodeInvalid)),
      failure('verifyCode', refused('alert', TOO_MANY)),
      failure('verifyCode', notFound),
    ];
  if (state.matches({ code: 'recovery' }))
    return [{ type: 'CHANGE', field: 'recoveryCode', value: v.recoveryCode ? '' : RECOVERY }, { type: 'SUBMIT' }, { type: 'USE_CODE' }, { type: 'START_OVER' }];
  if (state.matches({ code: 'checkingRecovery' }))
    return [
      { type: 'xstate.done.actor.verifyRecovery', output: { token: COMPLETE_TOKEN } },
      failure('verifyRecovery', refused('recoveryCode', messages.opsRecoveryCodeInvalid)),
      failure('verifyRecovery', notFound),
    ];
  return [];
}

export const serializeSignIn = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.values, s.context.error, s.context.notice, s.context.saved, s.context.pendingToken !== null, s.context.token !== null]);

/** An actor's result reaches the machine only while that actor runs. */
export function signInEventCanHappen(state: Snapshot, event: ModelEvent): boolean {
  const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
  if (!id) return true;
  const running: Record<string, boolean> = {
    logIn: state.matches('checkingPassword'),
    loadEnrolment: state.matches({ enrol: 'loadingQr' }),
    confirmEnrolment: state.matches({ enrol: 'checkingCode' }),
    verifyCode: state.matches({ code: 'checking' }),
    verifyRecovery: state.matches({ code: 'checkingRecovery' }),
  };
  return running[id] ?? false;
}
