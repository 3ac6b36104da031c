/**
 * Runs the company sign-up machine (machines/companies/companySignupMachine.ts) for the page: supplies its
 * effects (the API calls, the token, the session's captcha pass, toasts, going to the dashboard)
 * and a one-second clock (TICK) while the resend countdown runs. Returns the view model and
 * `send`. The clock can be replaced (view tests drive time themselves).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type ActorRef, type InspectionEvent } from 'xstate';
import { SubmitError } from '../../../../machines/kit/formMachine';
import {
  companyForm,
  companySignupMachine,
  type CompanyFormSnapshot,
  type CompanySignupEvent,
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

export function useCompanySignup(options: UseCompanySignupOptions): { view: CompanySignupView; send: (event: CompanySignupEvent) => void } {
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
        verifyCode: fromPromise(({ input }) => companySignupApi.verifyEmail(input.code)),
        sendCode: fromPromise(async () => {
          await companySignupApi.sendVerifyEmail(clock.now);
          return { sentAt: clock.now() };
        }),
      },
      actions: {
        announce: (_, params) => void (params.kind === 'success' ? toast.success(params.message) : toast.error(params.message)),
        finished: () => options.goToDashboard(),
      },
    }),
    { input: { invite: options.invite, captchaPassed: captchaPass.passed(), now: clock.now() }, inspect: options.inspect },
  );
  const snapshot = useSelector(actor, (s) => s);
  // The form: the child actor the machine invoked as 'form' while the form shows.
  const form = useSelector(snapshot.children.form as ActorRef<CompanyFormSnapshot, never> | undefined, (s) => s);
  const view = companySignupSnapshotToView(snapshot, form);

  // The countdown's clock: a TICK each second while it runs, and one at once.
  const counting = view.resendSecondsLeft > 0 && (view.state === 'enterCode' || view.state === 'codeError');
  useEffect(() => {
    if (!counting) return;
    const tick = () => actor.send({ type: 'TICK', now: clock.now() });
    tick();
    return clock.every(1000, tick);
  }, [actor, counting, clock]);

  return { view, send: actor.send };
}
