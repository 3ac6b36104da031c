/**
 * Maps a snapshot of the staff sign-in machine to what the sign-in screen shows. The view
 * renders this and sends events; it keeps no workflow state of its own.
 */
import type { SnapshotFrom } from 'xstate';
import { messages } from '../../src/shared/messages';
import type { OpsSignInField, opsSignInMachine } from './opsSignInMachine';

/** Every state the sign-in screen can show; stories and the view test cover each one. */
export const opsSignInViewStates = [
  'password',
  'checkingPassword',
  'loadingQr',
  'qrFailed',
  'showingQr',
  'checkingEnrolCode',
  'recoveryCodes',
  'code',
  'checkingCode',
  'recovery',
  'checkingRecovery',
  'signedIn',
] as const;
export type OpsSignInViewState = (typeof opsSignInViewStates)[number];

/** Which form or panel is on screen: a state and its busy twin share one. */
export type OpsSignInStep = 'password' | 'enrolLoading' | 'enrolFailed' | 'enrol' | 'recoveryCodes' | 'code' | 'recovery' | 'signedIn';

export interface OpsSignInView {
  state: OpsSignInViewState;
  step: OpsSignInStep;
  busy: boolean;
  values: Record<OpsSignInField, string>;
  fieldError: (field: OpsSignInField) => string | null;
  /** A message not about one field: a wrong password, too many attempts, a failure. */
  alert: string | null;
  /** Said above the password form when a session ended. */
  notice: string | null;
  qrSvg: string | null;
  /** The key to type when the QR code cannot be scanned, in groups of four. */
  manualKey: string | null;
  recoveryCodes: string[];
  saved: 'copied' | 'downloaded' | null;
}

const stateOf = (snapshot: SnapshotFrom<typeof opsSignInMachine>): OpsSignInViewState => {
  if (snapshot.matches('checkingPassword')) return 'checkingPassword';
  if (snapshot.matches({ enrol: 'loadingQr' })) return 'loadingQr';
  if (snapshot.matches({ enrol: 'qrFailed' })) return 'qrFailed';
  if (snapshot.matches({ enrol: 'showingQr' })) return 'showingQr';
  if (snapshot.matches({ enrol: 'checkingCode' })) return 'checkingEnrolCode';
  if (snapshot.matches({ enrol: 'recoveryCodes' })) return 'recoveryCodes';
  if (snapshot.matches({ code: 'entering' })) return 'code';
  if (snapshot.matches({ code: 'checking' })) return 'checkingCode';
  if (snapshot.matches({ code: 'recovery' })) return 'recovery';
  if (snapshot.matches({ code: 'checkingRecovery' })) return 'checkingRecovery';
  if (snapshot.matches('signedIn')) return 'signedIn';
  return 'password';
};

const stepOf: Record<OpsSignInViewState, OpsSignInStep> = {
  password: 'password',
  checkingPassword: 'password',
  loadingQr: 'enrolLoading',
  qrFailed: 'enrolFailed',
  showingQr: 'enrol',
  checkingEnrolCode: 'enrol',
  recoveryCodes: 'recoveryCodes',
  code: 'code',
  checkingCode: 'code',
  recovery: 'recovery',
  checkingRecovery: 'recovery',
  signedIn: 'signedIn',
};

export function opsSignInSnapshotToView(snapshot: SnapshotFrom<typeof opsSignInMachine>): OpsSignInView {
  const { context } = snapshot;
  const state = stateOf(snapshot);
  const error = context.error;
  return {
    state,
    step: stepOf[state],
    busy: snapshot.hasTag('busy'),
    values: context.values,
    fieldError: (field) => (error && error.field === field ? error.message : null),
    alert: error && !['email', 'password', 'code', 'recoveryCode'].includes(error.field) ? error.message : null,
    notice: context.notice === 'expired' ? messages.opsSessionExpired : null,
    qrSvg: context.enrolment?.qrSvg ?? null,
    manualKey: context.enrolment ? (context.enrolment.secret.match(/.{1,4}/g) ?? []).join(' ') : null,
    recoveryCodes: context.recoveryCodes,
    saved: context.saved,
  };
}
