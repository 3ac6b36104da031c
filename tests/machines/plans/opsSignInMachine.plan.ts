/** Test plan texts of machines/ops/opsSignInMachine.ts: the staff sign-in with a second factor at /ops/login. */
import { failure, typed, type MachinePlan, type PlanEvent } from './types';

const story = (name: string) => `console-sign-in--${name}`;

/** The pending session between the two steps lasts 10 minutes; the server then answers 404. */
const answer = (e: PlanEvent, what: string) =>
  /Expired/.test(String((e.error as { name?: string } | undefined)?.name))
    ? `${what}, after waiting more than 10 minutes on this step: the pending sign-in is over`
    : failure(e, what);

export const opsSignInPlan: MachinePlan = {
  machine: 'opsSignInMachine',
  title: 'Console: staff sign-in with a second factor',
  start:
    'Make a staff member with `npm run ops -- add-staff you@ogbadispatch.ng --role admin`, open the printed link and set a password. ' +
    'Open http://localhost:3000/ops/login in a fresh tab. Have an authenticator app ready (or `npx otpauth` with the key shown). ' +
    'A member who set up the second factor already gets the code step instead of the QR code (`npm run ops -- reset-2fa EMAIL` goes back to the QR code).',
  starts: { 'console sign-in': 'The "Staff sign-in" page, nothing typed.' },
  states: {
    '(root)': { says: 'The console sign-in page.', story: story('password'), closest: true },
    password: {
      says: '"Staff sign-in" with "Email", "Password" and "Sign in"; a message under a field or above the form (wrong password, too many attempts, "Your sign-in has expired. Please sign in again.").',
      story: story('password'),
    },
    checkingPassword: { says: '"Signing in…" on the busy button.', story: story('checking-password') },
    enrol: { says: '"Set up your second factor".', story: story('showing-qr') },
    'enrol.loadingQr': { says: '"Preparing your QR code…".', story: story('loading-qr') },
    'enrol.qrFailed': { says: '"The QR code could not be loaded." with "Try again" and "Sign in with another account".', story: story('qr-failed') },
    'enrol.showingQr': {
      says: 'The QR code ("Scan this QR code with an authenticator app…"), "Or type this key:", "Authentication code" and "Verify"; a wrong code says "That code is not right or was used already…".',
      story: story('showing-qr'),
    },
    'enrol.checkingCode': { says: '"Checking…" on the busy button.', story: story('checking-enrol-code') },
    'enrol.recoveryCodes': {
      says: '"Save your recovery codes": ten codes, "Copy codes", "Download codes" and "I have saved these codes".',
      story: story('recovery-codes'),
    },
    code: { says: '"Enter your 6-digit code" or "Enter a recovery code".', story: story('code') },
    'code.entering': {
      says: '"Enter your 6-digit code": "Authentication code", "Verify", "Use a recovery code instead", "Sign in with another account"; any message under the code or above.',
      story: story('code'),
    },
    'code.checking': { says: '"Checking…" on the busy button.', story: story('checking-code') },
    'code.recovery': {
      says: '"Enter a recovery code": "Recovery code", "Verify", "Use your authenticator app instead"; "That recovery code is not right or was used already." when refused.',
      story: story('recovery'),
    },
    'code.checkingRecovery': { says: '"Checking…" on the busy button.', story: story('checking-recovery') },
    signedIn: { says: '"Signed in. Opening the console…", then the console’s Inbox.', story: story('signed-in') },
  },
  events: {
    CHANGE: (e) => {
      const names: Record<string, string> = { email: 'Email', password: 'Password', code: 'Authentication code', recoveryCode: 'Recovery code' };
      const field = String(e.field);
      if (field === 'code' && String(e.value) !== '' && /^\d{6}$/.test(String(e.value))) return 'Type the 6-digit code the authenticator app shows in "Authentication code"';
      if (field === 'recoveryCode' && String(e.value) !== '') return 'Type one of the ten recovery codes in "Recovery code"';
      if (field === 'password' && String(e.value) !== '') return 'Type the staff password in "Password"';
      return typed(e, names[field] ?? field);
    },
    SUBMIT: (_e, from) => (from.some((k) => k === 'password') ? 'Press "Sign in"' : 'Press "Verify"'),
    'xstate.done.actor.logIn': (e) =>
      (e.output as { next?: string } | undefined)?.next === 'enrol'
        ? 'Wait: the password is right (a member without a second factor yet)'
        : 'Wait: the password is right (a member with a second factor)',
    'xstate.error.actor.logIn': (e) => answer(e, 'Wait for the sign-in (a wrong password, or many in a row, to see the refusals)'),
    'xstate.done.actor.loadEnrolment': 'Wait for the QR code',
    'xstate.error.actor.loadEnrolment': (e) => answer(e, 'Wait for the QR code'),
    RETRY: 'Press "Try again"',
    START_OVER: 'Press "Sign in with another account"',
    'xstate.done.actor.confirmEnrolment': 'Wait: the code is right and the second factor is on',
    'xstate.error.actor.confirmEnrolment': (e) => answer(e, 'Wait for the code check (type a wrong code to see the refusal)'),
    COPY_CODES: 'Press "Copy codes" ("Copied. Paste them somewhere safe.")',
    DOWNLOAD_CODES: 'Press "Download codes" ("Downloaded. Keep the file somewhere safe.")',
    DONE: 'Press "I have saved these codes"',
    USE_RECOVERY: 'Press "Use a recovery code instead"',
    'xstate.done.actor.verifyCode': 'Wait: the code is right',
    'xstate.error.actor.verifyCode': (e) => answer(e, 'Wait for the code check (a wrong code, or many, to see the refusals)'),
    USE_CODE: 'Press "Use your authenticator app instead"',
    'xstate.done.actor.verifyRecovery': 'Wait: the recovery code is right (it cannot be used again)',
    'xstate.error.actor.verifyRecovery': (e) => answer(e, 'Wait for the recovery code check (type a used one to see the refusal)'),
  },
};
