/**
 * Runs the sign-up wizard machine (machines/signupMachine.ts) for the page: supplies its effects
 * (the API calls, the token, navigation, the kept resend deadline, toasts, picture previews) and
 * a one-second clock (TICK) while the resend control counts down. Returns the snapshot-derived
 * view model and `send`.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { toast } from '../../components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { SubmitError } from '../../../../machines/formMachine';
import { signupMachine, type SignupEvent, type SignupProgress } from '../../../../machines/signupMachine';
import { signupSnapshotToView, type SignupView } from '../../../../machines/signupView';
import { messages } from '../../../shared/messages';
import type { SignupStep } from '../../../shared/signup';
import { captchaApi } from '../../api/client';
import { signupApi } from '../../api/signup';
import { auth, authView } from '../../auth/authService';
import { captchaPass } from '../../forms/captchaPass';

/** localStorage key of the resend countdown's deadline (ms since the epoch). */
export const RESEND_DEADLINE_KEY = 'signupResendDeadline';

function readNumber(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeStorage(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage refused (private mode): the countdown lasts as long as the page.
  }
}

/** The time, and a timer: the real ones in the app, a test's own in view tests. */
export interface SignupClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

const realClock: SignupClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = window.setInterval(tick, ms);
    return () => window.clearInterval(timer);
  },
};

export interface UseSignupMachineOptions {
  requestedStep: SignupStep;
  /** The resend countdown's clock (the real one unless a test moves time itself). */
  clock?: SignupClock;
  goToLogin: () => void;
  goToDashboard: () => void;
  /** XState's inspection hook: view tests record which transitions the rider drove. */
  inspect?: (event: InspectionEvent) => void;
}

export function useSignupMachine(options: UseSignupMachineOptions): { view: SignupView; send: (event: SignupEvent) => void } {
  const clock = options.clock ?? realClock;
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        loadProgress: fromPromise<SignupProgress>(async () => {
          const user = await auth.currentUser();
          if (!user) throw new Error(messages.signupProgressFailed);
          return user;
        }),
        verifyCaptcha: fromPromise(({ input }) => captchaApi.verify(input.token)),
        createAccount: fromPromise(async ({ input }) => {
          const { token } = await signupApi.create(input);
          if (!auth.login(token)) throw new SubmitError({ field: 'alert', message: messages.invalidToken });
          return { sentAt: clock.now() };
        }),
        verifyCode: fromPromise(({ input }) => signupApi.verifyEmail(input.code)),
        sendCode: fromPromise(async () => {
          await signupApi.sendVerifyEmail();
          return { sentAt: clock.now() };
        }),
        // Issue 13: 'Wrong e-mail? Change it'. The new code went out when the answer came.
        changeEmail: fromPromise(async ({ input }) => {
          const { email } = await signupApi.changeEmail(input.email);
          return { sentAt: clock.now(), email };
        }),
        loadLocations: fromPromise(() => signupApi.locations()),
        loadFallbackLocations: fromPromise(async () => (await import('./fallbackLocations')).fallbackLocations),
        saveLocation: fromPromise(({ input }) => signupApi.update({ request_type: 'location', ...input })),
        uploadPicture: fromPromise(({ input, signal }) => signupApi.uploadProfileImage(input.file as Blob, input.focus, input.onProgress, signal)),
        skipPicture: fromPromise(() => signupApi.update({ request_type: 'skip_picture' })),
        acceptAgreement: fromPromise(() => signupApi.update({ request_type: 'rider_agreement', rider_agreement: true })),
      },
      actions: {
        goToLogin: () => options.goToLogin(),
        goToDashboard: () => options.goToDashboard(),
        userChanged: () => auth.userChanged(),
        persistResendDeadline: (_, params) => writeStorage('local', RESEND_DEADLINE_KEY, String(params.deadline)),
        forgetResendDeadline: () => writeStorage('local', RESEND_DEADLINE_KEY, null),
        // The session's one captcha pass (issue 9): every form of the session follows it.
        rememberCaptchaPassed: () => captchaPass.granted(),
        forgetCaptchaPassed: () => captchaPass.refused(),
        announce: (_, params) => void toast.success(params.message),
        releasePreview: (_, params) => {
          if (params.url?.startsWith('blob:')) URL.revokeObjectURL(params.url);
        },
      },
    }),
    {
      input: {
        signedIn: auth.isSignedIn(),
        requestedStep: options.requestedStep,
        resendDeadline: readNumber(RESEND_DEADLINE_KEY),
        now: clock.now(),
        captchaPassed: captchaPass.passed(),
      },
      inspect: options.inspect,
    },
  );
  const snapshot = useSelector(actor, (s) => s);
  const view = signupSnapshotToView(snapshot);

  // The clock of the resend countdown: a TICK each second while it runs, and one at once
  // (a phone that slept does not show a stale number).
  const counting = view.verify.resend.state === 'coolingDown';
  useEffect(() => {
    if (!counting) return;
    const tick = () => actor.send({ type: 'TICK', now: clock.now() });
    tick();
    return clock.every(1000, tick);
  }, [actor, clock, counting]);

  // Signed out on a step after the first (another tab logged out, a 401): /login (spec §8).
  useEffect(
    () =>
      auth.subscribe(() => {
        if (!authView().signedIn) actor.send({ type: 'SIGNED_OUT' });
      }),
    [actor],
  );

  // Step 1 follows the session's captcha pass, and asks it at the moment it is submitted (issue 9).
  useEffect(() => captchaPass.subscribe((passed) => actor.send({ type: 'CAPTCHA_PASS', passed })), [actor]);
  const send = useCallback(
    (event: SignupEvent) => {
      if (event.type === 'SUBMIT' && actor.getSnapshot().matches('account')) actor.send({ type: 'CAPTCHA_PASS', passed: captchaPass.passed() });
      // Try again: the auth service asks the server again who the user is (a failed load is not
      // retried by itself, so the progress would fail again at once).
      if (event.type === 'RETRY') auth.userChanged();
      actor.send(event);
    },
    [actor],
  );

  return { view, send };
}
