/**
 * Where each machine's generated test-plan paths come from: the machine, the ways it
 * can start (input, and events that bring it where its model starts), and the events its model
 * explores, reused from tests/machines/*Model.ts wherever the model exports them, so the plans
 * walk the same graph the model-based tests drive. Read by tests/machines/plans/generate.ts.
 */
import type { AnyStateMachine } from 'xstate';
import { authMachine } from '../../../machines/kit/authMachine';
import { bookingMachine } from '../../../machines/deliveries/bookingMachine';
import { captchaPassMachine } from '../../../machines/kit/captchaPassMachine';
import { companySignupMachine } from '../../../machines/companies/companySignupMachine';
import { dashboardMachine } from '../../../machines/profile/dashboardMachine';
import { deliveryMachine } from '../../../machines/deliveries/deliveryMachine';
import { engagementMachine } from '../../../machines/hiring/engagementMachine';
import { formMachine, SubmitError } from '../../../machines/kit/formMachine';
import { dispatchBoardMachine } from '../../../machines/ops/dispatchBoardMachine';
import { idReviewMachine } from '../../../machines/ops/idReviewMachine';
import { boardEvents, DELIVERY_ID as BOARD_DELIVERY_ID, serializeBoard } from '../dispatchBoardModel';
import { inboxItemMachine } from '../../../machines/ops/inboxItemMachine';
import { rateCardMachine } from '../../../machines/ops/rateCardMachine';
import { pagedListMachine } from '../../../machines/kit/pagedListMachine';
import { rowActionMachine, type RowActionRequest } from '../../../machines/kit/rowActionMachine';
import { opsSignInMachine } from '../../../machines/ops/opsSignInMachine';
import { profileEditMachine } from '../../../machines/profile/profileEditMachine';
import { profileMachine } from '../../../machines/profile/profileMachine';
import { reviewWindowMachine } from '../../../machines/reviews/reviewWindowMachine';
import { riderReviewsMachine } from '../../../machines/riders/riderReviewsMachine';
import { apiKeysMachine } from '../../../machines/companies/apiKeysMachine';
import { companyDeliveriesMachine } from '../../../machines/deliveries/companyDeliveriesMachine';
import { jobMachine } from '../../../machines/deliveries/jobMachine';
import { availabilityMachine } from '../../../machines/deliveries/availabilityMachine';
import { riderSearchMachine } from '../../../machines/search/riderSearchMachine';
import { agreementStep } from '../../../machines/signup/agreementStep';
import { locationStep } from '../../../machines/signup/locationStep';
import { pictureStep } from '../../../machines/signup/pictureStep';
import { verifyStep } from '../../../machines/kit/verifyStep';
import { signupMachine } from '../../../machines/signup/signupMachine';
import { newsletterForm } from '../../../src/shared/forms';
import type { Profile } from '../../../src/shared/profile';
import { apiKeysEvents, serializeApiKeys } from '../apiKeysModel';
import { deliveriesEvents, serializeDeliveries } from '../companyDeliveriesModel';
import { jobEvents, serializeJob } from '../jobModel';
import { availabilityEvents, serializeAvailability, switchedOn } from '../availabilityModel';
import { authActorResultCanHappen, authEvents, NOW, serializeAuthState, tokens } from '../authModel';
import { bookingEvents, INPUT as BOOKING_INPUT, liveEvent as bookingLive, savedInputs, serializeBooking } from '../bookingModel';
import { captchaPassEvents, serializeCaptchaPass } from '../captchaPassModel';
import { companySignupMainEvents, companyVerifyStart, INVITE, liveEvent as companyLive, liveTick, serializeCompanySignupMain } from '../companySignupModel';
import { dashboardEvents, serializeDashboard } from '../dashboardModel';
import { deliveryEvents, serializeDelivery } from '../deliveryModel';
import { engagementEvents, hireItem, liveEvent as engagementLive, serializeEngagement } from '../engagementModel';
import { actorResultCanHappen, formEvents, serializeFormState } from '../formModel';
import { idReviewEventCanHappen, idReviewEvents, RIDER_ID, serializeIdReviewState } from '../idReviewModel';
import { inboxEvents, ITEM_ID, liveEvent as inboxLive, serializeInbox } from '../inboxItemModel';
import { liveEvent as rateCardLive, rateCardEvents, serializeRateCard } from '../rateCardModel';
import { serializeSignIn, signInEventCanHappen, signInEvents } from '../opsSignInModel';
import { editEventCanHappen, editEvents, serializeEditState } from '../profileEditModel';
import { ENGAGEMENT_ID, liveEvent as reviewLive, reviewEvents, serializeReview } from '../reviewWindowModel';
import { reviewsEvents, serializeReviews, USERNAME } from '../riderReviewsModel';
import { liveEvent as searchLive, riderSearchEvents, serializeRiderSearch } from '../riderSearchModel';
import { serializeWizard, stepStarts, wizardEvents, wizardStarts } from '../signupModel';
import { emptyProfile } from '../profileFixture';

export type Event = { type: string } & Record<string, unknown>;
type Snapshot = { value: unknown; context: unknown; matches(value: unknown): boolean };

export interface PlanStart {
  /** A label for the way it starts (the plan file says, under `starts`, how a tester sets it up). */
  label: string;
  input?: unknown;
  /** Events that bring a fresh actor to where the model starts (written as steps too). */
  prefix?: Event[];
  events: Event[] | ((snapshot: never) => Event[]);
  serialize: (snapshot: never) => string;
  /** False for an event that cannot reach the machine in that state. */
  canHappen?: (snapshot: never, event: never) => boolean;
}

export interface PlanSource {
  machine: AnyStateMachine;
  starts: PlanStart[];
  /** The event as it happens from the live snapshot (a model's answer made for another snapshot with the same key). */
  liveEvent?: (event: never, snapshot: never) => Event;
}

const edited = emptyProfile({ bio: 'Five years across Lagos.' });
function profileEvents(state: Snapshot): Event[] {
  if (state.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadProfile', output: emptyProfile() },
      { type: 'xstate.done.actor.loadProfile', output: emptyProfile({ profile_completed: 0, current_tab: 3 }) },
      { type: 'xstate.error.actor.loadProfile', error: new Error('offline') },
    ];
  if (state.matches('refreshing'))
    return [
      { type: 'xstate.done.actor.refreshProfile', output: edited },
      { type: 'xstate.error.actor.refreshProfile', error: new Error('offline') },
      { type: 'PROFILE_CHANGED', profile: edited },
    ];
  if (state.matches('incomplete')) return [];
  return [{ type: 'RETRY' }, { type: 'RELOAD' }, { type: 'PROFILE_CHANGED', profile: edited }];
}

// The console lists (no model file: tests/machines/pagedListMachine.test.ts drives it by hand).
function opsListEvents(state: Snapshot): Event[] {
  const { next } = state.context as { next: string | null };
  if (state.matches('loading'))
    return [
      { type: 'xstate.done.actor.firstPage', output: { items: [1, 2], next: 'c2' } },
      { type: 'xstate.error.actor.firstPage', error: new Error('offline') },
    ];
  if (state.matches('failed')) return [{ type: 'RETRY' }, { type: 'SET_FILTER', name: 'q', value: 'ada' }];
  if (state.matches({ ready: 'loadingMore' }))
    return [
      { type: 'xstate.done.actor.nextPage', output: { items: [3], next: null } },
      { type: 'xstate.error.actor.nextPage', error: new Error('offline') },
    ];
  if (state.matches({ ready: 'refreshing' }))
    return [
      { type: 'xstate.done.actor.refreshPage', output: { items: [1, 2], next } },
      { type: 'xstate.error.actor.refreshPage', error: new Error('offline') },
    ];
  return [
    ...(next ? [{ type: 'LOAD_MORE' }] : []),
    { type: 'REFRESH' },
    { type: 'xstate.after.pollInterval.pagedList.ready.idle' },
    { type: 'SET_FILTER', name: 'q', value: 'ada' },
  ];
}

const unsubscribe: RowActionRequest = { rowId: 'r1', action: 'unsubscribe', confirm: 'stepUp', subject: 'ada@example.com' };
const invite: RowActionRequest = { rowId: 'r2', action: 'invite', confirm: 'none', subject: 'Mama Put Foods' };
function rowActionEvents(state: Snapshot): Event[] {
  if (state.matches('idle'))
    return [
      { type: 'START', request: invite },
      { type: 'START', request: unsubscribe },
    ];
  if (state.matches('confirming')) return [{ type: 'CONFIRM', confirmation: 'staff-password-123' }, { type: 'CANCEL' }];
  const { request } = state.context as { request: RowActionRequest | null };
  return [
    { type: 'xstate.done.actor.perform', output: { message: request?.action === 'invite' ? 'Invitation sent' : 'Unsubscribed' } },
    ...(request?.confirm === 'stepUp'
      ? [{ type: 'xstate.error.actor.perform', error: new SubmitError({ field: 'confirmation', message: 'That password or code is not right' }) }]
      : []),
    { type: 'xstate.error.actor.perform', error: new Error('offline') },
  ];
}

export const planSources: Record<string, PlanSource> = {
  authMachine: {
    machine: authMachine,
    starts: [
      { label: 'no stored token', input: { token: null, now: NOW } },
      { label: 'a valid stored token', input: { token: tokens.valid, now: NOW } },
      { label: 'an expired stored token', input: { token: tokens.expired, now: NOW } },
    ].map((s) => ({ ...s, events: authEvents as Event[], serialize: serializeAuthState as never, canHappen: authActorResultCanHappen as never })),
  },
  captchaPassMachine: {
    machine: captchaPassMachine,
    starts: [
      { label: 'fresh session', input: { passed: false }, events: captchaPassEvents, serialize: serializeCaptchaPass as never },
      { label: 'captcha passed earlier', input: { passed: true }, events: captchaPassEvents, serialize: serializeCaptchaPass as never },
    ],
  },
  bookingMachine: {
    machine: bookingMachine,
    liveEvent: bookingLive as never,
    starts: [
      { label: 'a fresh tab', input: BOOKING_INPUT, events: bookingEvents as never, serialize: serializeBooking as never },
      ...savedInputs().map(({ label, input }) => ({ label, input, events: bookingEvents as never, serialize: serializeBooking as never })),
    ],
  },
  // The company sign-up alone, its form's reports as the form makes them (the form is formMachine's plan).
  companySignupMachine: {
    machine: companySignupMachine,
    liveEvent: ((event: never, main: never) => companyLive(event, { main, form: null, verify: null })) as never,
    starts: [{ label: 'invitation link', input: { invite: INVITE, captchaPassed: false }, events: companySignupMainEvents as never, serialize: serializeCompanySignupMain as never }],
  },
  dashboardMachine: {
    machine: dashboardMachine,
    starts: [{ label: 'rider dashboard', events: dashboardEvents as never, serialize: serializeDashboard as never }],
  },
  deliveryMachine: {
    machine: deliveryMachine,
    starts: [{ label: 'a new booking', events: deliveryEvents as never, serialize: serializeDelivery as never }],
  },
  engagementMachine: {
    machine: engagementMachine,
    liveEvent: engagementLive as never,
    starts: (['company', 'rider'] as const).map((side) => ({
      label: `${side} side`,
      input: { side, item: hireItem(side) },
      events: engagementEvents as never,
      serialize: serializeEngagement as never,
    })),
  },
  formMachine: {
    machine: formMachine,
    starts: [
      { label: 'fresh session', input: { form: newsletterForm, captchaPassed: false } },
      { label: 'captcha already passed', input: { form: newsletterForm, captchaPassed: true } },
      { label: 'captcha asked first', input: { form: newsletterForm, captchaPassed: false, captchaFirst: true } },
    ].map((s) => ({ ...s, events: formEvents as Event[], serialize: serializeFormState as never, canHappen: actorResultCanHappen as never })),
  },
  dispatchBoardMachine: {
    machine: dispatchBoardMachine,
    starts: [
      { label: 'board', input: {}, events: boardEvents as never, serialize: serializeBoard as never },
      { label: 'delivery address', input: { selectedId: BOARD_DELIVERY_ID }, events: boardEvents as never, serialize: serializeBoard as never },
    ],
  },
  idReviewMachine: {
    machine: idReviewMachine,
    starts: [{ label: 'rider detail', input: { riderId: RIDER_ID }, events: idReviewEvents as never, serialize: serializeIdReviewState as never, canHappen: idReviewEventCanHappen as never }],
  },
  inboxItemMachine: {
    machine: inboxItemMachine,
    liveEvent: inboxLive as never,
    starts: [{ label: 'inbox item', input: { id: ITEM_ID }, events: inboxEvents as never, serialize: serializeInbox as never }],
  },
  rateCardMachine: {
    machine: rateCardMachine,
    liveEvent: rateCardLive as never,
    starts: [
      { label: 'admin', input: { canEdit: true }, events: rateCardEvents as never, serialize: serializeRateCard as never },
      { label: 'dispatcher', input: { canEdit: false }, events: rateCardEvents as never, serialize: serializeRateCard as never },
    ],
  },
  pagedListMachine: {
    machine: pagedListMachine,
    starts: [
      {
        label: 'a console list',
        input: { filters: { status: 'new' }, poll: true },
        events: opsListEvents as never,
        serialize: ((s: Snapshot) => JSON.stringify([s.value, (s.context as { next: unknown }).next !== null])) as never,
      },
    ],
  },
  rowActionMachine: {
    machine: rowActionMachine,
    starts: [
      {
        label: 'a console row',
        events: rowActionEvents as never,
        serialize: ((s: Snapshot) => JSON.stringify([s.value, (s.context as { request: RowActionRequest | null }).request?.confirm ?? null])) as never,
      },
    ],
  },
  opsSignInMachine: {
    machine: opsSignInMachine,
    starts: [{ label: 'console sign-in', input: {}, events: signInEvents as never, serialize: serializeSignIn as never, canHappen: signInEventCanHappen as never }],
  },
  profileEditMachine: {
    machine: profileEditMachine,
    starts: [{ label: 'rider dashboard', events: editEvents as never, serialize: serializeEditState as never, canHappen: editEventCanHappen as never }],
  },
  profileMachine: {
    machine: profileMachine,
    starts: [{ label: 'rider dashboard', events: profileEvents as never, serialize: ((s: Snapshot) => JSON.stringify([s.value, (s.context as { profile: Profile | null }).profile?.user.bio ?? null])) as never }],
  },
  reviewWindowMachine: {
    machine: reviewWindowMachine,
    liveEvent: reviewLive as never,
    starts: (['company', 'rider'] as const).map((side) => ({
      label: `${side} side`,
      input: { engagementId: ENGAGEMENT_ID, side },
      events: reviewEvents as never,
      serialize: serializeReview as never,
    })),
  },
  apiKeysMachine: {
    machine: apiKeysMachine,
    starts: [{ label: 'account tab', input: {}, events: apiKeysEvents as never, serialize: serializeApiKeys as never }],
  },
  companyDeliveriesMachine: {
    machine: companyDeliveriesMachine,
    starts: [{ label: 'deliveries', input: {}, events: deliveriesEvents as never, serialize: serializeDeliveries as never }],
  },
  availabilityMachine: {
    machine: availabilityMachine,
    starts: [
      { label: 'dashboard card', input: {}, events: availabilityEvents as never, serialize: serializeAvailability as never },
      { label: 'job screen', input: { availability: switchedOn }, events: availabilityEvents as never, serialize: serializeAvailability as never },
    ],
  },
  jobMachine: {
    machine: jobMachine,
    starts: [{ label: 'job screen', input: {}, events: jobEvents as never, serialize: serializeJob as never }],
  },
  riderReviewsMachine: {
    machine: riderReviewsMachine,
    starts: [{ label: 'rider profile', input: { username: USERNAME }, events: reviewsEvents as never, serialize: serializeReviews as never }],
  },
  riderSearchMachine: {
    machine: riderSearchMachine,
    liveEvent: searchLive as never,
    starts: [{ label: 'find riders', input: {}, events: riderSearchEvents as never, serialize: serializeRiderSearch as never }],
  },
  // The sign-up wizard: the orchestrator alone, each step's end as the step reports it,
  // and each step machine alone at its step (step 1 is formMachine's).
  signupMachine: {
    machine: signupMachine,
    starts: wizardStarts.map(({ label, input }) => ({ label, input, events: wizardEvents as never, serialize: serializeWizard as never })),
  },
  // The verify step at the rider's step 2, and as the company sign-up runs it (its clock ticks made live).
  verifyStep: {
    machine: verifyStep,
    liveEvent: liveTick as never,
    starts: [...(stepStarts('verify') as never[]), { ...companyVerifyStart, events: companyVerifyStart.events as never, serialize: companyVerifyStart.serialize as never }],
  },
  locationStep: { machine: locationStep, starts: stepStarts('location') as never },
  pictureStep: { machine: pictureStep, starts: stepStarts('picture') as never },
  agreementStep: { machine: agreementStep, starts: stepStarts('agreement') as never },
};
