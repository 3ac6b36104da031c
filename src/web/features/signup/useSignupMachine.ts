/**
 * Runs the sign-up wizard (machines/signup/signupMachine.ts, which invokes one machine per step from
 * machines/signup/) for the page: supplies the wizard's and each step's effects (the API calls,
 * the token, navigation, the kept resend deadline, toasts, picture previews) and a one-second
 * clock (TICK) while the resend control counts down. Returns the view model of the wizard and
 * its running step, and `send`, which gives the wizard its own events and the step the rest.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../kit/components/toast';
import { useLatest } from '../../kit/useLatest';
import { fromPromise, type ActorRef, type InspectionEvent } from 'xstate';
import { SubmitError } from '../../../../machines/kit/formMachine';
import { accountStep } from '../../../../machines/signup/accountStep';
import { agreementStep } from '../../../../machines/signup/agreementStep';
import { locationStep } from '../../../../machines/signup/locationStep';
import { pictureStep } from '../../../../machines/signup/pictureStep';
import { verifyStep } from '../../../../machines/kit/verifyStep';
import { activeStep, signupMachine, type SignupEvent, type SignupProgress } from '../../../../machines/signup/signupMachine';
import { signupSnapshotToView, type SignupView, type StepSnapshot } from '../../../../machines/signup/signupView';
import { messages } from '../../../shared/messages';
import type { SignupStep } from '../../../shared/signup';
import { captchaApi } from '../../kit/http/client';
import { signupApi } from './signupApi';
import { auth, authView } from '../../kit/session/authService';
import { captchaPass } from '../../kit/forms/captchaPass';
import { loadLocations } from '../../kit/locations/locationsApi';

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
  const persistResendDeadline = (_: unknown, params: { deadline: number }) => writeStorage('local', RESEND_DEADLINE_KEY, String(params.deadline));
  const forgetResendDeadline = () => writeStorage('local', RESEND_DEADLINE_KEY, null);
  const userChanged = () => auth.userChanged();
  const announce = (_: unknown, params: { message: string }) => void toast.success(params.message);
  // The effects read the options of the latest render.
  const latest = useLatest({ options, clock });
  // The wizard with its effects, made once: useActorRef runs the first machine it is given, and
  // making one (every state node of the wizard and its five steps) on each render cost a slow
  // phone ~25 ms in each of the screen's first renders.
  const [machine] = useState(() =>
    signupMachine.provide({
      actors: {
        loadProgress: fromPromise<SignupProgress>(async () => {
          const user = await auth.currentUser();
          if (!user) throw new Error(messages.signupProgressFailed);
          return user;
        }),
        account: accountStep.provide({
          actors: {
            verifyCaptcha: fromPromise(({ input }) => captchaApi.verify(input.token)),
            submitForm: fromPromise(async ({ input }) => {
              const values = input.values;
              const { token } = await signupApi.create({ username: values.username!.trim(), email: values.email!.trim(), password: values.password! });
              if (!auth.login(token)) throw new SubmitError({ field: 'alert', message: messages.invalidToken });
              return { sentAt: latest.current.clock.now() };
            }),
          },
          actions: {
            // The session's one captcha pass: every form of the session follows it.
            rememberCaptchaPassed: () => captchaPass.granted(),
            forgetCaptchaPassed: () => captchaPass.refused(),
          },
        }),
        verify: verifyStep.provide({
          actors: {
            verifyCode: fromPromise(({ input }) => signupApi.verifyEmail(input.code)),
            sendCode: fromPromise(async () => {
              await signupApi.sendVerifyEmail();
              return { sentAt: latest.current.clock.now() };
            }),
            // 'Wrong e-mail? Change it'. The new code went out when the answer came.
            changeEmail: fromPromise(async ({ input }) => {
              const { email } = await signupApi.changeEmail(input.email);
              return { sentAt: latest.current.clock.now(), email };
            }),
          },
          actions: { persistResendDeadline, forgetResendDeadline, userChanged },
        }),
        location: locationStep.provide({
          actors: {
            loadLocations: fromPromise(() => loadLocations()),
            loadFallbackLocations: fromPromise(async () => (await import('./fallbackLocations')).fallbackLocations),
            saveLocation: fromPromise(({ input }) => signupApi.update({ request_type: 'location', ...input })),
          },
        }),
        picture: pictureStep.provide({
          actors: {
            uploadPicture: fromPromise(({ input, signal }) => signupApi.uploadProfileImage(input.file as Blob, input.focus, input.onProgress, signal)),
            skipPicture: fromPromise(() => signupApi.update({ request_type: 'skip_picture' })),
          },
          actions: {
            announce,
            userChanged,
            releasePreview: (_, params) => {
              if (params.url?.startsWith('blob:')) URL.revokeObjectURL(params.url);
            },
          },
        }),
        agreement: agreementStep.provide({
          actors: { acceptAgreement: fromPromise(() => signupApi.update({ request_type: 'rider_agreement', rider_agreement: true })) },
          actions: { announce },
        }),
      },
      actions: {
        goToLogin: () => latest.current.options.goToLogin(),
        goToDashboard: () => latest.current.options.goToDashboard(),
        userChanged,
        persistResendDeadline,
        forgetResendDeadline,
      },
    }),
  );
  // The wizard's input, read once when it is made (useActorRef ignores later ones): isSignedIn()
  // sends the auth machine a CHECK, and sending it on every render updated the components that
  // follow the session (the header) in the middle of this one's render.
  const [input] = useState(() => ({
    signedIn: auth.isSignedIn(),
    requestedStep: options.requestedStep,
    resendDeadline: readNumber(RESEND_DEADLINE_KEY),
    now: clock.now(),
    captchaPassed: captchaPass.passed(),
  }));
  const actor = useActorRef(machine, { input, inspect: options.inspect });
  const wizard = useSelector(actor, (s) => s);
  const stepId = activeStep(wizard);
  // The running step: the child actor the wizard invoked with the step's id.
  const child = (stepId ? wizard.children[stepId] : undefined) as ActorRef<StepSnapshot, SignupEvent> | undefined;
  const step = useSelector(child, (s) => s);
  const current = signupSnapshotToView(wizard, step);
  // A step newly shown (the wizard resuming at the rider's step, or the next one) is drawn as a
  // deferred render, which yields to the browser every few milliseconds: a machine's update
  // renders at once, as one block (useSyncExternalStore), and step 3's form with its lists was
  // ~45 ms of a fast machine's main thread (4x that on a slow phone) right after the first paint.
  // Meanwhile the step before stays; within a step every change (each key typed) shows at once.
  const screen = stepId ?? (typeof wizard.value === 'string' ? wizard.value : '');
  const deferredScreen = useDeferredValue(screen);
  const drawn = useRef(current);
  const view = deferredScreen === screen ? current : drawn.current;
  useLayoutEffect(() => {
    drawn.current = view;
  });

  // The clock of the resend countdown: a TICK each second while it runs, and one at once
  // (a phone that slept does not show a stale number).
  const counting = view.verify.resend.state === 'coolingDown';
  useEffect(() => {
    if (!counting || !child) return;
    const tick = () => child.send({ type: 'TICK', now: clock.now() });
    tick();
    return clock.every(1000, tick);
  }, [child, clock, counting]);

  // Signed out on a step after the first (another tab logged out, a 401): /login (spec §8).
  useEffect(
    () =>
      auth.subscribe(() => {
        // Once the wizard has left (its final state), later changes of the session are not its.
        if (!authView().signedIn && actor.getSnapshot().status === 'active') actor.send({ type: 'SIGNED_OUT' });
      }),
    [actor],
  );

  // Step 1 follows the session's captcha pass, and asks it at the moment it is submitted.
  useEffect(() => {
    if (stepId !== 'account' || !child) return;
    return captchaPass.subscribe((passed) => child.send({ type: 'CAPTCHA_PASS', passed }));
  }, [child, stepId]);
  const send = useCallback(
    (event: SignupEvent) => {
      if (event.type === 'RETRY' || event.type === 'SIGNED_OUT') {
        // Try again: the auth service asks the server again who the user is (a failed load is not
        // retried by itself, so the progress would fail again at once).
        if (event.type === 'RETRY') auth.userChanged();
        actor.send(event);
        return;
      }
      const current = actor.getSnapshot();
      const id = activeStep(current);
      const running = id ? (current.children[id] as ActorRef<StepSnapshot, SignupEvent> | undefined) : undefined;
      if (!running) return;
      if (event.type === 'SUBMIT' && id === 'account') running.send({ type: 'CAPTCHA_PASS', passed: captchaPass.passed() });
      running.send(event);
    },
    [actor],
  );

  return { view, send };
}
