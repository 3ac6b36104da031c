/** Runs the API keys machine for the Account tab: supplies the requests and the clipboard, hands back the view model and `send`. */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { apiKeysMachine, apiKeysSnapshotToView, type ApiKeysEvent, type ApiKeysView } from '../../../../machines/companies/apiKeysMachine';
import { companyAccountApi } from './companyAccountApi';

export interface ApiKeysSectionState {
  view: ApiKeysView;
  send: (event: ApiKeysEvent) => void;
}

export function useApiKeys(options: { inspect?: (event: InspectionEvent) => void } = {}): ApiKeysSectionState {
  const actor = useActorRef(
    apiKeysMachine.provide({
      actors: {
        loadKeys: fromPromise(() => companyAccountApi.apiKeys()),
        createKey: fromPromise(({ input }) => companyAccountApi.createApiKey(input.name)),
        revokeKey: fromPromise(({ input }) => companyAccountApi.revokeApiKey(input.id)),
        copyKey: fromPromise(async ({ input }) => {
          if (!navigator.clipboard) throw new Error('no clipboard');
          await navigator.clipboard.writeText(input.key);
        }),
      },
    }),
    { inspect: options.inspect },
  );
  const snapshot = useSelector(actor, (s) => s);
  return { view: apiKeysSnapshotToView(snapshot), send: actor.send };
}
