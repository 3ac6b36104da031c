/**
 * The rider dashboard in every state its view can show, each from real machine
 * snapshots reached with the events named in the story: the profile load
 * (`parameters.profileViewState`) and every modal kind in each of its states
 * (`parameters.modalState`: {modal, state}). tests/storybook/profileStories.test.tsx checks that
 * every state has a story and that each story's snapshot is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { profileEditSnapshotToView, type ProfileEditViewState } from '../../machines/profile/profileEditMachine';
import { profileSnapshotToView, type ProfileViewState } from '../../machines/profile/profileMachine';
import type { ModalKind } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';
import type { Profile } from '../../src/shared/profile';
import type { ChecklistViewState } from '../../src/shared/profileChecklist';
import { DashboardView } from '../../src/web/features/profile/DashboardView';
import { dashboardAfter, editAfter, fullRider, googleRider, newRider, on, open, PDF, PHOTO, profileAfter, riderWithReview, type DashboardStoryEvent, type EditStoryEvent, type ProfileStoryEvent } from '../support/profileSnapshots';
import { portraitPhotoFile } from '../support/portraitPhoto';
import { storyLocations } from '../support/signupSnapshots';

const meta = {
  title: 'Dashboard/Rider dashboard',
  component: DashboardView,
  args: {
    send: fn(),
    locations: storyLocations,
    googleSignInUrl: '/api/auth/google',
    origin: 'https://ogbadispatch.ng',
  },
  argTypes: { profile: { control: false }, edit: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

function story(
  claim: { profile: ProfileViewState; modal?: ModalKind; state?: ProfileEditViewState },
  profileEvents: readonly ProfileStoryEvent[],
  editEvents: readonly EditStoryEvent[],
  keyText: readonly string[],
): Story {
  return {
    args: {
      profile: profileSnapshotToView(profileAfter(profileEvents)),
      edit: profileEditSnapshotToView(editAfter(editEvents)),
    },
    parameters: {
      profileViewState: claim.profile,
      modalState: claim.modal ? { modal: claim.modal, state: claim.state } : { modal: null, state: 'closed' },
      keyText,
    },
  };
}

const loaded = (profile: Profile = fullRider) => [on.loaded(profile)];
const modal = (kind: ModalKind, state: ProfileEditViewState, events: readonly EditStoryEvent[], keyText: readonly string[], profile: Profile = fullRider) =>
  story({ profile: 'loaded', modal: kind, state }, loaded(profile), [open(kind, profile), ...events], keyText);

// ---- The profile load

/** The skeleton while GET /api/users/profile is on its way (never a blank screen). */
export const Loading = story({ profile: 'loading' }, [], [], ['Loading your profile…']);
/** Spec §8: the failure is logged; the screen offers a retry. */
export const LoadFailed = story({ profile: 'failed' }, [on.loadFailed], [], [messages.profileLoadFailed, 'Try again']);
/** profile_completed 0: on the way to /rider-signup at its step. */
export const Incomplete = story(
  { profile: 'incomplete' },
  [on.loaded({ ...newRider, user: { ...newRider.user, profile_completed: 0, current_tab: 4 } })],
  [],
  ['Taking you to sign-up'],
);
/** Just signed up: every section shows its fallback. */
export const NewRider = story({ profile: 'loaded' }, loaded(newRider), [], [
  'adeola_rides',
  messages.newRider,
  messages.jobSuccessNewRiderBasis(0),
  messages.noReviewsYet,
  'No bio found',
  'No work history found',
  'No past employees found',
]);
/** Every section filled in; no modal open. */
export const FullProfile = story({ profile: 'loaded' }, loaded(), [], [
  'Careful rider on the mainland',
  messages.jobSuccessScore(92),
  messages.jobSuccessBasis(12),
  messages.ratingSummary('4.8', 12),
  '148 deliveries · 96% on time · 4.8 from 121 ratings',
  '3-5 years',
  'Yes',
  'English, Yoruba, Pidgin',
  'Diploma',
  'Lead rider',
  'Present',
  'Max.ng',
  'Valid ID (NIN slip): nin-slip.pdf',
  messages.idVerified,
]);

/** First deliveries made, no sender has rated one yet: the record without a rating part. */
export const FirstDeliveries = story(
  { profile: 'loaded' },
  loaded({ ...newRider, reputation: { ...newRider.reputation, deliveries_completed: 1, deliveries_on_time: 1 } }),
  [],
  ['1 delivery · 100% on time', messages.newRider],
);

// ---- The staff check of the ID: only an approved one reads "Yes" with the badge

/** No document: the spec's "No". */
export const IdNone = story({ profile: 'loaded' }, loaded(riderWithReview('none')), [], ['Valid ID', 'No']);
/** Uploaded, nobody checked it yet: never "Yes". */
export const IdAwaitingCheck = story({ profile: 'loaded' }, loaded(riderWithReview('pending')), [], [messages.idPendingReview, 'Valid ID (NIN slip): nin-slip.pdf']);
/** Staff approved it: "Yes" and the "ID verified" badge. */
export const IdVerified = story({ profile: 'loaded' }, loaded(riderWithReview('approved')), [], ['Yes', messages.idVerified]);
/** Staff rejected it: the reason, and a way to upload again. */
export const IdRejected = story(
  { profile: 'loaded' },
  loaded(riderWithReview('rejected', 'The photo is blurred: the name cannot be read.')),
  [],
  [messages.idRejected, 'The photo is blurred: the name cannot be read.', messages.idRejectedHelp, 'Upload again'],
);

// ---- Edit Profile Content

export const ProfileEditing = modal('profile', 'editing', [], ['Edit Profile Content', 'Username', 'Area', 'Introduction']);
export const ProfileInvalid = modal('profile', 'invalid', [on.type('phone', '12345'), on.submit], [messages.invalidPhone]);
export const ProfileUsernameTaken = modal('profile', 'invalid', [on.submit, on.rejected('username', messages.usernameTaken)], [messages.usernameTaken]);
export const ProfileSaving = modal('profile', 'saving', [on.submit], [messages.submitting]);

// ---- Edit Bio

export const BioEditing = modal('bio', 'editing', [], ['Edit Bio', 'I have delivered parcels']);
export const BioInvalid = modal('bio', 'invalid', [on.type('bio', 'x'.repeat(2001)), on.submit], [messages.tooLong(2000)]);
export const BioSaving = modal('bio', 'saving', [on.submit], [messages.submitting]);

// ---- Edit Personal Information

export const PersonalInfoEditing = modal('personalInfo', 'editing', [on.choose('rider_id_card', PDF)], [
  'Edit Personal Information',
  'On file: nin-slip.pdf',
  'Chosen: ',
]);
export const PersonalInfoInvalid = modal('personalInfo', 'invalid', [on.choose('valid_id', { name: 'id.gif', type: 'image/gif', size: 9_000 }), on.submit], [
  messages.documentType,
]);
export const PersonalInfoSaving = modal('personalInfo', 'saving', [on.choose('rider_id_card', PDF), on.submit, on.progress(124_000, 310_000)], [
  messages.submitting,
  '40%',
]);

// ---- Upload Profile Image

export const PictureEditing = modal('picture', 'editing', [], ['Upload Profile Image', messages.takePhoto, messages.chooseFromGallery]);
/** A tall photo chosen, shown in the square it is stored as, recentred on the face near its top. */
export const PicturePreviewing = modal('picture', 'previewing', [on.choose('profile_image', portraitPhotoFile()), { type: 'RECENTRE', x: 50, y: 15 }], [
  'Upload Profile Image',
  'selfie.png',
  messages.takePhoto,
  messages.chooseFromGallery,
]);
export const PictureInvalid = modal('picture', 'invalid', [on.submit], [messages.selectProfileImage]);
export const PictureSaving = modal('picture', 'saving', [on.choose('profile_image', PHOTO), on.submit, on.progress(1_800_000, 2_400_000)], [
  messages.submitting,
  '75%',
]);

// ---- Work History

export const AddWorkHistoryEditing = modal('addWorkHistory', 'editing', [], ['Add Work History', 'Number of years', 'Start date']);
export const AddWorkHistoryInvalid = modal('addWorkHistory', 'invalid', [on.submit], [messages.fieldRequired]);
export const AddWorkHistorySaving = modal(
  'addWorkHistory',
  'saving',
  [on.type('position', 'Dispatch rider'), on.type('company_name', 'Sendbox'), on.type('number_of_years', '1-2'), on.type('start_date', '2023-02-01'), on.submit],
  [messages.submitting],
);
export const EditWorkHistoryEditing = modal('editWorkHistory', 'editing', [], ['Edit Work History']);
export const EditWorkHistoryInvalid = modal('editWorkHistory', 'invalid', [on.type('end_date', '2018-01-01'), on.submit], [messages.endBeforeStart]);
export const EditWorkHistorySaving = modal('editWorkHistory', 'saving', [on.submit], [messages.submitting]);
export const DeleteWorkHistoryEditing = modal('deleteWorkHistory', 'editing', [], ['Delete Work History', 'Lead rider at Gokada']);
export const DeleteWorkHistorySaving = modal('deleteWorkHistory', 'saving', [on.submit], [messages.submitting]);

// ---- Past Employees

export const AddPastEmployeeEditing = modal('addPastEmployee', 'editing', [], ['Add Past Employee', 'Company contact']);
export const AddPastEmployeeInvalid = modal('addPastEmployee', 'invalid', [on.submit], [messages.fieldRequired]);
export const AddPastEmployeeSaving = modal(
  'addPastEmployee',
  'saving',
  [on.type('company_name', 'Sendbox'), on.type('start_date', '2014-01-01'), on.type('end_date', '2014-12-31'), on.submit],
  [messages.submitting],
);
export const EditPastEmployeeEditing = modal('editPastEmployee', 'editing', [], ['Edit Past Employee']);
export const EditPastEmployeeInvalid = modal('editPastEmployee', 'invalid', [on.type('end_date', '2099-01-01'), on.submit], [messages.dateInFuture]);
export const EditPastEmployeeSaving = modal('editPastEmployee', 'saving', [on.submit], [messages.submitting]);
export const DeletePastEmployeeEditing = modal('deletePastEmployee', 'editing', [], ['Delete Past Employee', 'Max.ng']);
export const DeletePastEmployeeSaving = modal('deletePastEmployee', 'saving', [on.submit], [messages.submitting]);

// ---- Your data

export const ExportDataEditing = modal('exportData', 'editing', [], ['Download your data', 'one JSON file']);
export const ExportDataSaving = modal('exportData', 'saving', [on.submit], [messages.submitting]);
export const DeleteAccountEditing = modal('deleteAccount', 'editing', [], ['Delete your account', 'cannot be undone', 'Your password']);
export const DeleteAccountInvalid = modal('deleteAccount', 'invalid', [on.type('password', 'not-my-password'), on.submit, on.rejected('password', messages.wrongPassword)], [
  messages.wrongPassword,
]);
export const DeleteAccountSaving = modal('deleteAccount', 'saving', [on.type('password', 'ogba-rides-at-dawn'), on.submit], [messages.submitting]);
/** A Google account confirms with a recent Google sign-in instead of a password. */
export const DeleteGoogleAccountEditing = modal('deleteGoogleAccount', 'editing', [], ['Sign in with Google again'], googleRider);
export const DeleteGoogleAccountSaving = modal('deleteGoogleAccount', 'saving', [on.submit], [messages.submitting], googleRider);

// ---- The profile checklist: each state of the card under the header

const checklistStory = (state: ChecklistViewState, profile: Profile, keyText: readonly string[]): Story => {
  const base = story({ profile: 'loaded' }, loaded(profile), [], keyText);
  return { ...base, parameters: { ...base.parameters, checklistState: state } };
};
const pictured = (profile: Profile): Profile => ({ ...profile, user: { ...profile.user, picture: { url: '/files/3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d' } } });

/** Just signed up: all six to do, each a button to its modal. */
export const ChecklistEmpty = checklistStory('empty', newRider, [messages.checklistHeading, messages.checklistProgress(0, 6), ...Object.values(messages.checklistTodo)]);
/** Some done: those are ticked, the rest are buttons. */
export const ChecklistPartial = checklistStory(
  'partial',
  { ...newRider, user: { ...newRider.user, bio: fullRider.user.bio }, workHistories: fullRider.workHistories },
  [messages.checklistProgress(2, 6), messages.checklistDone.bio, messages.checklistDone.workHistory, messages.checklistTodo.picture, messages.checklistTodo.id],
);
/** The ID uploaded and not yet checked: said so, not missing and not done. */
export const ChecklistIdAwaitingCheck = checklistStory('idAwaitingCheck', pictured(riderWithReview('pending')), [
  messages.checklistProgress(5, 6),
  messages.idAwaitingCheck,
  messages.checklistIdWaitingHelp,
]);
/** Every item done: one line. */
export const ChecklistComplete = checklistStory('complete', pictured(fullRider), [messages.checklistDoneHeading, messages.checklistDoneText]);

// ---- The dashboard machine's own states (machines/profile/dashboardMachine.ts)

function dashboardStory(
  claim: { dashboard: string; profile: ProfileViewState; modal?: ModalKind; state?: ProfileEditViewState },
  events: readonly DashboardStoryEvent[],
  profileEvents: readonly ProfileStoryEvent[],
  editEvents: readonly EditStoryEvent[],
  keyText: readonly string[],
): Story {
  const { state, profile, edit, locations, locationsFailed, openingDocument, sharing } = dashboardAfter(events, profileEvents, editEvents);
  const base = story(claim, profileEvents, editEvents, keyText);
  return {
    args: { state, profile, edit, locations, locationsFailed, openingDocument, sharing },
    parameters: { ...base.parameters, dashboardState: claim.dashboard },
  };
}

const openProfile = open('profile');
/** Edit Profile Content opened the first time: the state list is on its way. */
export const LocationsLoading = dashboardStory(
  { dashboard: 'active.locations.loading', profile: 'loaded', modal: 'profile', state: 'editing' },
  [openProfile as DashboardStoryEvent],
  loaded(),
  [openProfile],
  ['Edit Profile Content', 'Loading the list of states…'],
);
/** The state list could not be loaded: said under the field; opening the modal again tries again. */
export const LocationsFailed = dashboardStory(
  { dashboard: 'active.locations.failed', profile: 'loaded', modal: 'profile', state: 'editing' },
  [openProfile as DashboardStoryEvent, { type: 'xstate.error.actor.loadLocations', error: new Error('offline') }],
  loaded(),
  [openProfile],
  ['Edit Profile Content', messages.hireLocationsFailed],
);
/** An ID document on its way to the browser: its buttons wait. */
export const OpeningDocument = dashboardStory(
  { dashboard: 'active.documents.fetching', profile: 'loaded' },
  [{ type: 'OPEN_DOCUMENT', document: fullRider.personalInfo!.valid_id! }],
  loaded(),
  [],
  ['Valid ID (NIN slip): nin-slip.pdf'],
);
/** The share under way (the sheet or the clipboard): the share icon waits. */
export const ShareUnderWay = dashboardStory(
  { dashboard: 'active.share.sharing', profile: 'loaded' },
  [{ type: 'SHARE', url: 'https://ogbadispatch.ng/riders/adeola_rides', title: 'adeola_rides on Ogba Dispatch' }],
  loaded(),
  [],
  ['adeola_rides'],
);
/** The account deleted: said, on the way to the home page. */
export const AccountDeleted = dashboardStory(
  { dashboard: 'deleted', profile: 'loading' },
  [{ type: 'SAVED', modal: 'deleteAccount', output: { message: messages.accountDeleted }, entryId: null }],
  [],
  [],
  [messages.accountDeleted],
);
