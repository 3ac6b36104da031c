/**
 * The staff sign-in's actor (machines/ops/opsSignInMachine.ts) with its effects: the four requests
 * (the pending token sent by hand: it never goes where the console looks for a session), the
 * complete session stored, and the recovery codes copied or downloaded.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { SubmitError } from '../../../../machines/kit/formMachine';
import { OpsSessionExpiredError, opsSignInMachine } from '../../../../machines/ops/opsSignInMachine';
import { opsSignInSnapshotToView, type OpsSignInView } from '../../../../machines/ops/opsSignInView';
import { messages } from '../../../shared/messages';
import type { OpsEnrolment, OpsLoginResponse } from '../../../shared/opsForms';
import { OPS_TOKEN_HEADER, opsApi } from './opsApi';
import { opsSession } from './opsSession';
import { downloadBlob } from '../../kit/download';

export type OpsSignInSend = ReturnType<typeof useActorRef<typeof opsSignInMachine>>['send'];

/** The second-factor routes answer 404 once the 10-minute pending session is over. */
async function withPending<T>(pendingToken: string, path: string, options: { method?: 'GET' | 'POST'; body?: object }): Promise<T> {
  try {
    return await opsApi<T>(path, { ...options, headers: { [OPS_TOKEN_HEADER]: pendingToken } });
  } catch (error) {
    if (error instanceof SubmitError && error.fieldError.field === 'alert' && error.fieldError.message === messages.notFound) throw new OpsSessionExpiredError();
    throw error;
  }
}

const RECOVERY_CODES_FILE = 'ogba-dispatch-recovery-codes.txt';

/** The machine with the browser's effects. */
function opsSignInLogic(onSignedIn: () => void) {
  return opsSignInMachine.provide({
    actors: {
      logIn: fromPromise<OpsLoginResponse, { email: string; password: string }>(({ input }) =>
        opsApi<OpsLoginResponse>('/auth/login', { method: 'POST', body: input }),
      ),
      loadEnrolment: fromPromise<OpsEnrolment, { pendingToken: string }>(({ input }) => withPending<OpsEnrolment>(input.pendingToken, '/auth/enrolment', {})),
      confirmEnrolment: fromPromise<{ token: string; recoveryCodes: string[] }, { pendingToken: string; code: string }>(({ input }) =>
        withPending(input.pendingToken, '/auth/enrol', { method: 'POST', body: { code: input.code } }),
      ),
      verify: fromPromise<{ token: string }, { pendingToken: string; code?: string; recoveryCode?: string }>(({ input }) =>
        withPending(input.pendingToken, '/auth/verify', {
          method: 'POST',
          body: input.recoveryCode !== undefined ? { recoveryCode: input.recoveryCode } : { code: input.code },
        }),
      ),
    },
    actions: {
      storeSession: (_, params) => {
        opsSession.set(params.token);
        onSignedIn();
      },
      copyRecoveryCodes: (_, params) => {
        void navigator.clipboard?.writeText(params.codes.join('\n')).catch(() => undefined);
      },
      downloadRecoveryCodes: (_, params) => {
        downloadBlob(new Blob([`${messages.opsRecoveryCodesHeading}\n\n${params.codes.join('\n')}\n`], { type: 'text/plain' }), RECOVERY_CODES_FILE);
      },
    },
  });
}

export function useOpsSignIn(options: { expired: boolean; onSignedIn: () => void; inspect?: (event: InspectionEvent) => void }): {
  view: OpsSignInView;
  send: OpsSignInSend;
} {
  const actor = useActorRef(opsSignInLogic(options.onSignedIn), { input: { expired: options.expired }, inspect: options.inspect });
  // A new view model per snapshot: the actor emits only when the sign-in moves or a field changes.
  const view = useSelector(actor, opsSignInSnapshotToView);
  return { view, send: actor.send };
}
