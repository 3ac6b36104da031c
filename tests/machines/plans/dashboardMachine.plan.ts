/** Test plan texts of machines/profile/dashboardMachine.ts: the rider dashboard's coordination. */
import { modalSpecs, type ModalKind } from '../../../machines/profile/profileModals';
import { messages } from '../../../src/shared/messages';
import { failure, type MachinePlan } from './types';

const story = (name: string) => `dashboard-rider-dashboard--${name}`;
const title = (modal: unknown) => modalSpecs[modal as ModalKind]?.title ?? String(modal);

export const dashboardPlan: MachinePlan = {
  machine: 'dashboardMachine',
  title: 'Rider dashboard: saving, reloading, locations, documents and sharing',
  start:
    'Log in as a rider who finished sign-up and uploaded a valid ID, and open http://localhost:3000/rider-dashboard. For the redirect, use a rider who stopped the sign-up wizard at a step.',
  starts: { 'rider dashboard': 'Open /rider-dashboard, logged in as a rider; wait for the profile.' },
  states: {
    '(root)': { says: 'The rider dashboard page.', story: story('full-profile'), closest: true },
    active: { says: 'The dashboard with the rider’s profile (or its skeleton, or "Try again").', story: story('full-profile'), closest: true },
    'active.locations': { says: 'The state and area lists of Edit Profile Content.', story: story('profile-editing'), closest: true },
    'active.locations.idle': { says: 'Nothing asked yet: the lists are fetched the first time Edit Profile Content opens.', story: story('full-profile'), closest: true },
    'active.locations.loading': { says: 'Edit Profile Content open; under State: "Loading the list of states…".', story: story('locations-loading') },
    'active.locations.ready': { says: 'Edit Profile Content (when open) offers the states and, once one is chosen, its areas.', story: story('profile-editing') },
    'active.locations.failed': { says: `Edit Profile Content (when open) says under State: “${messages.hireLocationsFailed}”; opening it again tries again.`, story: story('locations-failed') },
    'active.documents': { says: 'The ID documents listed under Personal Information.', story: story('full-profile'), closest: true },
    'active.documents.idle': { says: 'The ID documents under Personal Information can be clicked.', story: story('full-profile') },
    'active.documents.fetching': { says: 'The ID document buttons are disabled while the file is fetched.', story: story('opening-document') },
    'active.share': { says: 'The share icon in the profile header.', story: story('full-profile'), closest: true },
    'active.share.idle': { says: 'The share icon can be pressed.', story: story('full-profile') },
    'active.share.sharing': { says: 'The share icon is disabled while the phone’s share sheet is open or the link is being copied.', story: story('share-under-way') },
    redirecting: { says: '"Taking you to sign-up to finish your profile…", then /rider-signup at the step the rider stopped at.', story: story('incomplete') },
    deleted: { says: `“${messages.accountDeleted}” in place of the profile; signed out, then the home page.`, story: story('account-deleted') },
  },
  events: {
    RETRY: 'Set DevTools → Network to Offline and reload: "We could not load your profile."; back Online, press "Try again"',
    OPEN: (e) => `Open the "${title(e.modal)}" modal from its button on the dashboard`,
    CHANGE: (e) => `Open a modal with a ${String(e.field).replace(/_/g, ' ')} field (e.g. "Edit Bio") and type in it`,
    SELECT_FILE: (e) => `Open a modal with a file field (e.g. "Upload Profile Image") and choose a file for ${String(e.field).replace(/_/g, ' ')} (or remove the chosen one)`,
    RECENTRE: 'In "Upload Profile Image", choose a photo and drag its square preview',
    SUBMIT: 'Open a modal and press its button ("Save", "Upload", "Delete"…)',
    CLOSE: 'Open a modal and close it ("Cancel", the X, a click outside it, or Escape)',
    CANCEL_UPLOAD: 'In "Upload Profile Image", choose a photo, press "Upload" and then "Cancel" while it goes up (throttle the network to see it)',
    SAVED: (e) => {
      const modal = e.modal as ModalKind;
      if (modal === 'deleteAccount' || modal === 'deleteGoogleAccount') return `Delete the account ("${title(modal)}") and wait for the answer`;
      if (modal === 'picture') return 'Upload a new profile picture and wait: the profile is read again and the header shows the new picture';
      if (modal === 'exportData') return 'Press "Download" in "Download your data" and wait: the browser saves ogba-dispatch-data.json';
      return `Save "${title(modal)}" and wait: the dashboard shows the change at once`;
    },
    LOAD_LOCATIONS: 'Nothing to do: opening Edit Profile Content asks for the lists (Network tab: GET /api/locations)',
    'xstate.done.actor.profile': 'Open /rider-dashboard as a rider who has not finished sign-up and wait for the profile',
    'xstate.done.actor.loadLocations': 'Wait for the list of states (GET /api/locations answered)',
    'xstate.error.actor.loadLocations': (e) => failure(e, 'Wait for the list of states', 'block /api/locations in DevTools → Network request blocking'),
    OPEN_DOCUMENT: 'Click an ID document under Personal Information (e.g. "Valid ID: nin-slip.pdf")',
    'xstate.done.actor.readDocument': 'Wait: the browser saves the document under its own name',
    'xstate.error.actor.readDocument': (e) => `${failure(e, 'Wait for the document')}: the toast says “${messages.documentUnavailable}”`,
    SHARE: 'Press the share icon in the profile header',
    'xstate.done.actor.shareLink': (e) =>
      e.output === 'copied' ? `On a computer: the link is copied and the toast says “${messages.profileLinkCopied}”` : 'On a phone: share the link from the system sheet (or close the sheet)',
    'xstate.error.actor.shareLink': `On a computer with the clipboard blocked (site settings → Clipboard: Block): the toast says “${messages.profileLinkCopyFailed}”`,
  },
};
