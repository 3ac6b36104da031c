/**
 * Runs the company sign-up machine (machines/companies/companySignupMachine.ts) for the page: supplies its
 * effects and its children's (the API calls, the token, the session's captcha pass, toasts, going
 * to the dashboard) and a one-second clock (TICK, to the code step) while the resend countdown
 * runs. Returns the view model and `send`, which gives the code step its events while it runs and
 * the machine the rest. The clock can be replaced (view tests drive time themselves).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type ActorRef, type InspectionEvent } from 'xstate';
import { SubmitError } from '../../../../machines/kit/formMachine';
import { verifyStep } from '../../../../machines/kit/verifyStep';
import {
  companyForm,
  companySignupMachine,
  type CompanyCodeEvent,
  type CompanyFormSnapshot,
  type CompanyPageEvent,
  type CompanySignupEvent,
  type CompanyVerifySnapshot,
} from '../../../../machines/companies/companySignupMachine';
import { companySignupSnapshotToView, type CompanySignupView } from '../../../../machines/companies/companySignupView';
import { messages } from '../../../shared/messages';
import { captchaApi } from '../../kit/http/client';
import { auth } from '../../kit/session/authService';
import { captchaPass } from '../../kit/forms/captchaPass';
import { companySignupApi } from './companySignupApi';
import { loadLocations } from '../../kit/locations/locationsApi';

export interface Clock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = window.setInterval(tick, ms);
    return () => window.clearInterval(timer);
  },
};

export interface UseCompanySignupOptions {
  invite: string;
  goToDashboard: () => void;
  clock?: Clock;
  /** XState's inspection hook: view tests record which transitions the page drove. */
  inspect?: (event: InspectionEvent) => void;
}

export function useCompanySignup(options: UseCompanySignupOptions): { view: CompanySignupView; send: (event: CompanyPageEvent) => void } {
  const clock = options.clock ?? realClock;
  const actor = useActorRef(
    companySignupMachine.provide({
      actors: {
        checkInvitation: fromPromise(async ({ input }) => {
          const invitation = await companySignupApi.invitation(input.invite);
          const locations = await loadLocations();
          return { invitation, locations };
        }),
        form: companyForm.provide({
          actors: {
            verifyCaptcha: fromPromise(({ input }) => captchaApi.verify(input.token)),
            submitForm: fromPromise(async ({ input }) => {
              const { token } = await companySignupApi.signup(input.values as Parameters<typeof companySignupApi.signup>[0]);
              if (!auth.login(token)) throw new SubmitError({ field: 'alert', message: messages.invalidToken });
              return { sentAt: clock.now() };
            }),
          },
          actions: {
            // The session's one captcha pass, shared with every other form.
            rememberCaptchaPassed: () => captchaPass.granted(),
            forgetCaptchaPassed: () => captchaPass.refused(),
            announceFailure: (_, params) => void toast.error(params.message),
          },
        }),
        uploadLogo: fromPromise(({ input }) => companySignupApi.uploadLogo(input.file as Blob)),
        // The kit's code step on the company's endpoints (the address is fixed: no changeEmail).
        verify: verifyStep.provide({
          actors: {
            verifyCode: fromPromise(({ input }) => companySignupApi.verifyEmail(input.code)),
            sendCode: fromPromise(async () => {
              await companySignupApi.sendVerifyEmail(clock.now);
              return { sentAt: clock.now() };
            }),
          },
        }),
      },
      actions: {
        announce: (_, params) => void (params.kind === 'success' ? toast.success(params.message) : toast.error(params.message)),
        finished: () => options.goToDashboard(),
      },
    }),
    { input: { invite: options.invite, captchaPassed: captchaPass.passed() }, inspect: options.inspect },
  );
  const snapshot = useSelector(actor, (s) => s);
  // The form and the code step: the child actors the machine invoked as 'form' and 'verify' while each shows.
  const form = useSelector(snapshot.children.form as ActorRef<CompanyFormSnapshot, never> | undefined, (s) => s);
  const verify = snapshot.matches('verify') ? (snapshot.children.verify as ActorRef<CompanyVerifySnapshot, CompanyCodeEvent> | undefined) : undefined;
  const code = useSelector(verify, (s) => s);
  const view = companySignupSnapshotToView(snapshot, form, code);

  // The countdown's clock: a TICK each second while it runs, and one at once (a phone that slept
  // does not show a stale number); to the code step, as the rider wizard does.
  const counting = view.resend === 'coolingDown';
  useEffect(() => {
    if (!counting || !verify) return;
    const tick = () => verify.send({ type: 'TICK', now: clock.now() });
    tick();
    return clock.every(1000, tick);
  }, [verify, counting, clock]);

  const send = useCallback(
    (event: CompanyPageEvent) => {
      const current = actor.getSnapshot();
      const child = current.matches('verify') ? (current.children.verify as ActorRef<CompanyVerifySnapshot, CompanyCodeEvent> | undefined) : undefined;
      if (child) child.send(event as CompanyCodeEvent);
      else actor.send(event as CompanySignupEvent);
    },
    [actor],
  );

  return { view, send };
}
