/**
 * Runs the rider dashboard's machine for the page (machines/profile/dashboardMachine.ts, which
 * invokes the profile load and the edit modal and coordinates them) and supplies its effects:
 * the API calls, toasts, the download, sharing, the header's picture, signing out and the
 * navigation. No workflow state here: the page is the machine's snapshot as a view model.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useState } from 'react';
import { fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { toast } from '../../kit/components/toast';
import { useLatest } from '../../kit/useLatest';
import { dashboardEditMachine, dashboardMachine, dashboardSnapshotToView, type DashboardEvent, type DashboardViewModel, type ShareOutcome } from '../../../../machines/profile/dashboardMachine';
import { type SaveInput } from '../../../../machines/profile/profileEditMachine';
import { profileMachine, type ProfileContext } from '../../../../machines/profile/profileMachine';
import { profileApi } from './profileApi';
import { loadLocations } from '../../kit/locations/locationsApi';
import { auth } from '../../kit/session/authService';
import { downloadBlob } from '../../kit/download';

const pick = (values: Record<string, string>, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, values[n] ?? '']));

/** One request per modal kind (spec §7); `signal` aborts an upload (Cancel during it). */
function saveModal(input: SaveInput, signal?: AbortSignal): Promise<unknown> {
  const { modal, values, files, entryId, onProgress } = input;
  switch (modal) {
    case 'profile':
      return profileApi.updateProfile(pick(values, ['username', 'first_name', 'last_name', 'phone', 'state', 'town', 'introduction']) as never);
    case 'bio':
      return profileApi.updateBio(pick(values, ['username', 'bio']) as never);
    case 'personalInfo':
      return profileApi.savePersonalInfo(
        {
          total_years_of_experience: values.total_years_of_experience ?? '',
          languages_spoken: values.languages_spoken ?? '',
          education: values.education ?? '',
          id_kind: values.id_kind ?? '',
          valid_id: (files.valid_id as unknown as Blob | null) ?? null,
          rider_id_card: (files.rider_id_card as unknown as Blob | null) ?? null,
        },
        onProgress,
        signal,
      );
    case 'picture':
      return profileApi.uploadPicture(files.profile_image as unknown as Blob, input.focus, onProgress, signal);
    case 'addWorkHistory':
      return profileApi.createWorkHistory(values);
    case 'editWorkHistory':
      return profileApi.updateWorkHistory(values);
    case 'deleteWorkHistory':
      return profileApi.deleteWorkHistory(entryId ?? '');
    case 'addPastEmployee':
      return profileApi.createPastEmployee(values);
    case 'editPastEmployee':
      return profileApi.updatePastEmployee(values);
    case 'deletePastEmployee':
      return profileApi.deletePastEmployee(entryId ?? '');
    case 'exportData':
      return profileApi.exportData();
    case 'deleteAccount':
      return profileApi.deleteAccount(values.password ?? '');
    case 'deleteGoogleAccount':
      return profileApi.deleteAccount('');
  }
}


/**
 * Phones share through the system sheet (WhatsApp and the rest); elsewhere the link is copied.
 * Rejects when the copy failed (the machine says so).
 */
async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  if (coarse && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: title, url });
      return 'sheet';
    } catch (error) {
      // The rider closed the sheet: nothing to say. Anything else: copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return 'sheet';
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}

export interface UseDashboardOptions {
  goToSignup: (step: number) => void;
  /** After the account is deleted. */
  goHome: () => void;
  /** Sees every actor of the page (the dashboard and its children): tests record the transitions. */
  inspect?: (event: InspectionEvent) => void;
}

export interface Dashboard extends DashboardViewModel {
  send: (event: DashboardEvent) => void;
}

type Snapshot<C> = { value: unknown; context: C };

export function useDashboard(options: UseDashboardOptions): Dashboard {
  // The effects read the options of the latest render.
  const latest = useLatest(options);
  // The machine with its effects, made once: useActorRef runs the first machine it is given, and
  // making one (every state node of the dashboard, the profile and the edit modal) on each render
  // cost a slow phone's main thread in each of the screen's first renders.
  const [machine] = useState(() =>
    dashboardMachine.provide({
      actors: {
        profile: profileMachine.provide({
          actors: { loadProfile: fromPromise(() => profileApi.load()) },
          // Spec §8: a failed load is only logged; the screen offers a retry.
          actions: { logFailure: (_, params) => console.error('[dashboard] the profile could not be loaded', params.error) },
        }),
        edit: dashboardEditMachine.provide({
          actors: { save: fromPromise(({ input, signal }) => saveModal(input, signal)) },
          actions: {
            announceSuccess: (_, params) => void toast.success(params.message),
            announceFailure: (_, params) => void toast.error(params.message),
          },
        }),
        loadLocations: fromPromise(() => loadLocations()),
        // The url is relative to the API base; the client adds the base and the token.
        readDocument: fromPromise(({ input }) => profileApi.readDocument(input.url)),
        shareLink: fromPromise(({ input }) => shareLink(input.url, input.title)),
      },
      actions: {
        notify: (_, params) => void (params.tone === 'success' ? toast.success(params.message) : toast.error(params.message)),
        download: (_, params) => downloadBlob(params.blob, params.fileName),
        goToSignup: (_, params) => latest.current.goToSignup(params.currentTab),
        pictureChanged: () => auth.userChanged(),
        signOut: () => auth.unauthorized(),
        // After the sign-out has settled (the route's guard would send a signed-out visitor to /login).
        goHome: () => void setTimeout(() => latest.current.goHome(), 0),
        logFailure: (_, params) => console.error(`[dashboard] ${params.what} could not be loaded`, params.error),
      },
    }),
  );
  const actor = useActorRef(machine, { inspect: options.inspect });
  const snapshot = useSelector(actor, (s) => s);
  const children = snapshot.children as Record<string, AnyActorRef | undefined>;
  // The profile's arrival draws the whole screen (its header, checklist and cards): deferred, so
  // React draws it in a background render that yields to the browser every few milliseconds. A
  // machine's update renders at once, as one block (useSyncExternalStore): that was the dashboard's
  // longest task (~100 ms as recorded on a loaded host, 4x that on Lighthouse's phone), right where
  // it should become usable.
  // Only the arrival: once shown, the profile's changes (a save) are drawn at once, with the
  // modal's closing (`edit`, never deferred), so the focus goes back to what the save left.
  const loaded = useSelector(children.profile, (s) => s as Snapshot<ProfileContext> | undefined);
  const deferred = useDeferredValue(loaded);
  const shown = (s: Snapshot<ProfileContext> | undefined) => Boolean(s?.context.profile);
  const profile = (shown(loaded) && !shown(deferred) ? deferred : loaded) as Snapshot<never> | undefined;
  const edit = useSelector(children.edit, (s) => s as Snapshot<never> | undefined);
  return { ...dashboardSnapshotToView(snapshot, { profile, edit }), send: actor.send };
}
