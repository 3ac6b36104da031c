/**
 * Runs the dashboard's two machines for the page (issue 6): the profile load and the open
 * modal. Supplies their effects: the API calls, toasts, applying a save's answer (the new
 * profile, a new picture for the header, a download, a deleted account), the log line of a
 * failed load, the redirect of an incomplete profile, sharing, and opening an ID document.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { profileEditMachine, profileEditSnapshotToView, type ProfileEditEvent, type ProfileEditView, type SaveInput } from '../../../../machines/profileEditMachine';
import { profileMachine, profileSnapshotToView, type ProfileEvent, type ProfileView } from '../../../../machines/profileMachine';
import type { ModalKind } from '../../../../machines/profileModals';
import type { LocationState } from '../../../shared/locations';
import { messages } from '../../../shared/messages';
import type { DocumentField, Profile } from '../../../shared/profile';
import { profileApi } from '../../api/profile';
import { loadLocations } from '../../api/locations';
import { auth } from '../../auth/authService';

const pick = (values: Record<string, string>, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, values[n] ?? '']));

/** One request per modal kind (spec §7); `signal` aborts an upload (issue 13: Cancel during it). */
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

/** Hands the browser a file to save (the export, an ID document). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Phones share through the system sheet (WhatsApp and the rest); elsewhere the link is copied. */
async function shareLink(url: string, title: string): Promise<void> {
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  if (coarse && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: title, url });
      return;
    } catch (error) {
      // The rider closed the sheet: nothing to say. Anything else: copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(messages.profileLinkCopied);
  } catch {
    toast.error(messages.profileLinkCopyFailed);
  }
}

export interface UseDashboardOptions {
  goToSignup: (step: number) => void;
  /** After the account is deleted. */
  goHome: () => void;
  inspectProfile?: (event: InspectionEvent) => void;
  inspectEdit?: (event: InspectionEvent) => void;
}

export interface Dashboard {
  profile: ProfileView;
  edit: ProfileEditView;
  sendProfile: (event: ProfileEvent) => void;
  sendEdit: (event: ProfileEditEvent) => void;
  locations: LocationState[] | null;
  onShare: (url: string, title: string) => void;
  onOpenDocument: (kind: DocumentField) => void;
}

export function useDashboard(options: UseDashboardOptions): Dashboard {
  const profileActor = useActorRef(
    profileMachine.provide({
      actors: { loadProfile: fromPromise(() => profileApi.load()) },
      actions: {
        // Spec §8: a failed load is only logged; the screen offers a retry.
        logFailure: (_, params) => console.error('[dashboard] the profile could not be loaded', params.error),
        goToSignup: (_, params) => options.goToSignup(params.currentTab),
      },
    }),
    { inspect: options.inspectProfile },
  );

  const applySaved = (modal: ModalKind, output: unknown) => {
    const answer = output as { profile?: Profile; blob?: Blob; fileName?: string } | null;
    if (answer?.profile) profileActor.send({ type: 'PROFILE_CHANGED', profile: answer.profile });
    if (modal === 'picture') {
      profileActor.send({ type: 'RELOAD' });
      auth.userChanged();
    }
    if (modal === 'exportData' && answer?.blob) downloadBlob(answer.blob, answer.fileName ?? 'ogba-dispatch-data.json');
    if (modal === 'deleteAccount' || modal === 'deleteGoogleAccount') {
      // The server has ended every session: forget the token here too, then the home page.
      auth.unauthorized();
      setTimeout(options.goHome, 0);
    }
  };

  const editActor = useActorRef(
    profileEditMachine.provide({
      actors: { save: fromPromise(({ input, signal }) => saveModal(input, signal)) },
      actions: {
        announceSuccess: (_, params) => void toast.success(params.message),
        announceFailure: (_, params) => void toast.error(params.message),
        applySaved: (_, params) => applySaved(params.modal, params.output),
      },
    }),
    { inspect: options.inspectEdit },
  );

  const profileSnapshot = useSelector(profileActor, (s) => s);
  const editSnapshot = useSelector(editActor, (s) => s);
  const edit = profileEditSnapshotToView(editSnapshot);

  // The state and area lists, fetched the first time the Edit Profile Content modal opens.
  const [locations, setLocations] = useState<LocationState[] | null>(null);
  const needLocations = edit.modal === 'profile' && locations === null;
  useEffect(() => {
    if (!needLocations) return;
    let live = true;
    loadLocations().then(
      (data) => live && setLocations(data),
      (error: unknown) => console.error('[dashboard] the location list could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [needLocations]);

  const onOpenDocument = (kind: DocumentField) => {
    const ref = profileSnapshot.context.profile?.personalInfo?.[kind];
    if (!ref) return;
    // The url is relative to the API base; the client adds the base and the token.
    profileApi.readDocument(ref.url).then(
      (blob) => downloadBlob(blob, ref.original_name),
      () => toast.error(messages.documentUnavailable),
    );
  };

  return {
    profile: profileSnapshotToView(profileSnapshot),
    edit,
    sendProfile: profileActor.send,
    sendEdit: editActor.send,
    locations,
    onShare: (url, title) => void shareLink(url, title),
    onOpenDocument,
  };
}
