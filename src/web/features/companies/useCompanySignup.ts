/**
 * Runs the company sign-up machine (machines/companies/companySignupMachine.ts) for the page: supplies its
 * effects (the API calls, the token, the session's captcha pass, toasts, going to the dashboard)
 * and a one-second clock (TICK) while the resend countdown runs. Returns the view model and
 * `send`. The clock can be replaced (view tests drive time themselves).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { SubmitError } from '../../../../machines/kit/formMachine';
import {
  companySignupMachine,
  companySignupSnapshotToView,
  type CompanySignupEvent,
  type CompanySignupView,
} from '../../../../machines/companies/companySignupMachine';
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
        verifyCaptcha: fromPromise(({ input }) => captchaApi.verify(input.token)),
        submitSignup: fromPromise(async ({ input }) => {
          const { token } = await companySignupApi.signup(input.values);
          if (!auth.login(token)) throw new SubmitError({ field: 'alert', message: messages.invalidToken });
          const sentAt = clock.now();
          if (!input.logo) return { sentAt, logoSaved: true };
          // The account exists now: a logo that fails is added later from the account page.
          const logoSaved = await companySignupApi.uploadLogo(input.logo.file as Blob).then(
            () => true,
            () => false,
          );
          return { sentAt, logoSaved };
        }),
        verifyCode: fromPromise(({ input }) => companySignupApi.verifyEmail(input.code)),
        sendCode: fromPromise(async () => {
          await companySignupApi.sendVerifyEmail(clock.now);
          return { sentAt: clock.now() };
        }),
      },
      actions: {
        // The session's one captcha pass, shared with every other form.
        rememberCaptchaPassed: () => captchaPass.granted(),
        forgetCaptchaPassed: () => captchaPass.refused(),
        announce: (_, params) => void (params.kind === 'success' ? toast.success(params.message) : toast.error(params.message)),
        finished: () => options.goToDashboard(),
      },
    }),
    { input: { invite: options.invite, captchaPassed: captchaPass.passed(), now: clock.now() }, inspect: options.inspect },
  );
  const snapshot = useSelector(actor, (s) => s);
  const view = companySignupSnapshotToView(snapshot);

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
