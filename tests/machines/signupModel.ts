/**
 * The sign-up wizard's models for xstate/graph, shared by the machine test, the view test, the
 * browser paths test, the stories and the test plans. The wizard is an orchestrator
 * (machines/signup/signupMachine.ts) that invokes one machine per step (machines/signup/); the model
 * explores the two together as one logic (`signupSystem`): the wizard's snapshot and the running
 * step's, each advanced with its own machine's pure transitions, a step's end handed to the wizard
 * as the wizard receives it (ACCOUNT_CREATED from step 1, xstate.done.actor.<step> from the
 * others), the next step started with the input the wizard gives it. One model per part of the
 * wizard, each started from a state reached with its prefix of events, and explored with the
 * events a rider and the network can produce there. Time is a simulated clock: TICK events carry
 * `now`, always later than the state's own time, and the server's answers carry the time they
 * happened.
 */
import { createActor, fromPromise, initialTransition, transition, type AnyStateMachine, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError, formMachine } from '../../machines/kit/formMachine';
import { accountActions, accountStep } from '../../machines/signup/accountStep';
import { agreementStep } from '../../machines/signup/agreementStep';
import { locationStep } from '../../machines/signup/locationStep';
import { pictureStep } from '../../machines/signup/pictureStep';
import { ResendCooldownError } from '../../machines/kit/errors';
import { verifyStep } from '../../machines/kit/verifyStep';
import {
  activeStep,
  signupMachine,
  stepInputs,
  type SignupEvent,
  type SignupInput,
  type SignupSnapshot,
  type StepId,
} from '../../machines/signup/signupMachine';
import { signupSnapshotToView, type SignupView, type StepSnapshot } from '../../machines/signup/signupView';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import type { SignupProgressResponse } from '../../src/shared/signup';
import { TransitionRecorder } from './coverage';

/** The wizard and its running step, as the model sees them. */
export interface Snapshot {
  wizard: SignupSnapshot;
  /** The running step's id and snapshot (null while no step runs). */
  stepId: StepId | null;
  step: StepSnapshot | null;
}

export type ModelEvent =
  | SignupEvent
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

/** The simulated clock's start: 2025-04-24 09:00 in Lagos. */
export const T0 = Date.UTC(2025, 3, 24, 8, 0, 0);

const place = (name: string) => ({ name, location: null, total_area: null, population: null });
/** A small location list: what GET /api/locations answers in these tests. */
export const TEST_LOCATIONS: LocationState[] = [
  {
    name: 'Lagos',
    capital: 'Ikeja',
    state_code: 'LA',
    creation_date: '1967-05-27',
    location: { latitude: 6.6018, longitude: 3.3515 },
    total_area: null,
    population: null,
    towns: [place('Ikeja'), place('Ogba'), place('Yaba')],
    lgas: [place('Ikeja'), place('Eti-Osa')],
  },
  {
    name: 'Oyo',
    capital: 'Ibadan',
    state_code: 'OY',
    creation_date: '1976-02-03',
    location: null,
    total_area: null,
    population: null,
    towns: [place('Ibadan'), place('Ogbomosho')],
    lgas: [place('Ibadan North')],
  },
];
/** The built-in fallback in these tests: one state. */
export const TEST_FALLBACK: LocationState[] = [TEST_LOCATIONS[0]!];

export const RIDER = { username: 'ade_rider', email: 'ade@example.com', password: 'ogba-rides-at-dawn' };
/** The address a rider who mistyped it at step 1 corrects it to. */
export const NEW_EMAIL = 'ade.bakare@example.com';

export const progress = (current_tab: number, profile_completed = 0, user_type = 1) => ({
  username: RIDER.username,
  email: RIDER.email,
  user_type,
  current_tab,
  profile_completed,
});
const answer = (current_tab: number, profile_completed = 0): SignupProgressResponse => ({ message: 'ok', current_tab, profile_completed });

export const done = (id: string, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown): ModelEvent => ({ type: `xstate.error.actor.${id}`, error });
export const serverError = (field: string, message: string) => new SubmitError({ field, message });
export const networkDown = () => new Error('network down');

export const JPEG = { name: 'selfie.jpg', mime: 'image/jpeg', size: 2_400_000, previewUrl: 'blob:preview-1' };
export const GIF = { name: 'funny.gif', mime: 'image/gif', size: 90_000, previewUrl: 'blob:preview-2' };
export const HUGE = { name: 'huge.png', mime: 'image/png', size: 9 * 1024 * 1024, previewUrl: 'blob:preview-3' };


/** The step machines, by the id the wizard invokes each with. */
export const STEP_MACHINES = {
  account: accountStep,
  verify: verifyStep,
  location: locationStep,
  picture: pictureStep,
  agreement: agreementStep,
} as const satisfies Record<StepId, AnyStateMachine>;

/** Every machine the wizard runs, by its id (the prefix of its states' ids), for the coverage tables. */
export const WIZARD_MACHINES = {
  signup: signupMachine,
  form: formMachine,
  verifyStep,
  locationStep,
  pictureStep,
  agreementStep,
} as const;
export type WizardMachineId = keyof typeof WIZARD_MACHINES;

/** An event the wizard itself takes (the others go to the running step). */
export const forWizard = (event: { type: string }): boolean =>
  event.type === 'RETRY' || event.type === 'SIGNED_OUT' || /^xstate\.(done|error)\.actor\.loadProgress$/.test(event.type);

/**
 * The machine a step's pure transitions run on: step 1 is accountStep without the report of its
 * success to the wizard (a sendParent, which needs a parent: the model hands the wizard
 * ACCOUNT_CREATED itself).
 */
const pureAccount = formMachine.provide({ actions: accountActions });
const pureStep = (id: StepId): AnyStateMachine => (id === 'account' ? pureAccount : STEP_MACHINES[id]);

const stepStart = (id: StepId, wizard: SignupSnapshot): StepSnapshot => {
  const input = id === 'account' ? stepInputs.account(wizard.context) : id === 'verify' ? stepInputs.verify(wizard.context) : undefined;
  return initialTransition(pureStep(id), input)[0] as StepSnapshot;
};

/** The running step follows the wizard: a new step starts where the wizard moved to one. */
function follow(wizard: SignupSnapshot, before: Snapshot | null): Snapshot {
  const stepId = activeStep(wizard);
  if (stepId === null) return { wizard, stepId, step: null };
  if (before && before.stepId === stepId && before.step) return { wizard, stepId, step: before.step };
  return { wizard, stepId, step: stepStart(stepId, wizard) };
}

export function systemStart(input: SignupInput): Snapshot {
  return follow(initialTransition(signupMachine, input)[0], null);
}

/** One event: to the wizard, or to the running step (whose end the wizard then receives). */
export function systemTransition(s: Snapshot, event: ModelEvent): Snapshot {
  if (forWizard(event)) return follow(transition(signupMachine, s.wizard, event as never)[0], s);
  if (!s.step || !s.stepId) return s;
  const step = transition(pureStep(s.stepId), s.step as never, event as never)[0] as StepSnapshot;
  let wizard = s.wizard;
  if (s.stepId === 'account' && step.matches('succeeded' as never) && !s.step.matches('succeeded' as never)) {
    const sent = (step.context as { sent: Record<string, string> | null }).sent ?? {};
    const sentAt = ((event as { output?: { sentAt?: number } }).output?.sentAt ?? 0) as number;
    wizard = transition(signupMachine, wizard, {
      type: 'ACCOUNT_CREATED',
      username: (sent.username ?? '').trim(),
      email: (sent.email ?? '').trim().toLowerCase(),
      sentAt,
    })[0];
  } else if (step.status === 'done') {
    wizard = transition(signupMachine, wizard, { type: `xstate.done.actor.${s.stepId}`, output: step.output } as never)[0];
  }
  return follow(wizard, { wizard, stepId: s.stepId, step });
}

/** The two as one actor logic, for xstate/graph. */
export const signupSystem = {
  config: signupMachine.config,
  getInitialSnapshot: (_scope: unknown, input: SignupInput) => systemStart(input),
  transition: (s: Snapshot, event: ModelEvent) => systemTransition(s, event),
};

export const viewOf = (s: Snapshot): SignupView => signupSnapshotToView(s.wizard, s.step);

const stepIn = (s: Snapshot, id: StepId, value: unknown): boolean => s.stepId === id && !!s.step && s.step.matches(value as never);
// The contexts of the steps, for the events and checks that read them.
export const formOf = (s: Snapshot) => (s.stepId === 'account' ? (s.step as SnapshotFrom<typeof accountStep>) : null);
export const verifyOf = (s: Snapshot) => (s.stepId === 'verify' ? (s.step as SnapshotFrom<typeof verifyStep>) : null);
export const locationOf = (s: Snapshot) => (s.stepId === 'location' ? (s.step as SnapshotFrom<typeof locationStep>) : null);
export const pictureOf = (s: Snapshot) => (s.stepId === 'picture' ? (s.step as SnapshotFrom<typeof pictureStep>) : null);
export const agreementOf = (s: Snapshot) => (s.stepId === 'agreement' ? (s.step as SnapshotFrom<typeof agreementStep>) : null);

const running = (s: Snapshot, id: string): boolean => {
  switch (id) {
    case 'loadProgress':
      return s.wizard.matches('loading');
    case 'verifyCaptcha':
      return stepIn(s, 'account', 'verifyingCaptcha');
    case 'submitForm':
      return stepIn(s, 'account', 'submitting');
    case 'verifyCode':
      return stepIn(s, 'verify', { entering: { code: 'submitting' } });
    case 'sendCode':
      return stepIn(s, 'verify', { entering: { resend: 'sending' } });
    case 'changeEmail':
      return stepIn(s, 'verify', { changingEmail: 'submitting' });
    case 'loadLocations':
      return stepIn(s, 'location', 'loading');
    case 'loadFallbackLocations':
      return stepIn(s, 'location', 'loadingFallback');
    case 'saveLocation':
      return stepIn(s, 'location', 'submitting');
    case 'uploadPicture':
      return stepIn(s, 'picture', 'uploading');
    case 'skipPicture':
      return stepIn(s, 'picture', 'skipping');
    case 'acceptAgreement':
      return stepIn(s, 'agreement', 'submitting');
    default:
      return false;
  }
};

/** An invoked actor's result reaches the machine only while that actor runs. */
export function canHappen(s: Snapshot, event: ModelEvent): boolean {
  const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  return match ? running(s, match[1]!) : true;
}

/** Events of the wizard's step 1. */
function accountEvents(s: Snapshot): ModelEvent[] {
  const form = formOf(s)!.context;
  return [
    { type: 'CHANGE', field: 'username', value: '' },
    { type: 'CHANGE', field: 'username', value: RIDER.username },
    // The widget's own events, only while the page shows it: once the rider is in the form and
    // the session has no pass yet (the form view's showCaptcha).
    ...(form.engaged && !form.captchaPassed
      ? ([{ type: 'CAPTCHA_SOLVED', token: 'pass-token' }, { type: 'CAPTCHA_EXPIRED' }, { type: 'CAPTCHA_ERROR' }] as const)
      : []),
    { type: 'ENGAGE' },
    // The session's pass, as another form (or the server, through one) changed it.
    { type: 'CAPTCHA_PASS', passed: true },
    { type: 'CAPTCHA_PASS', passed: false },
    { type: 'SUBMIT' },
    { type: 'SIGNED_OUT' },
    done('verifyCaptcha', { success: true }),
    done('verifyCaptcha', { success: false }),
    failed('verifyCaptcha', networkDown()),
    done('submitForm', { sentAt: s.wizard.context.now + 1000 }),
    failed('submitForm', serverError('captcha', messages.completeCaptcha)),
    failed('submitForm', serverError('email', messages.emailTaken)),
    failed('submitForm', serverError('alert', messages.tooManyRequests(30))),
    failed('submitForm', networkDown()),
  ];
}

/** Events of step 2: typing where the focus is, over the first box, Backspace, pastes, resend, the clock. */
function verifyEvents(s: Snapshot): ModelEvent[] {
  const { codeFocus: focus, now, resendDeadline } = verifyOf(s)!.context;
  return [
    { type: 'CODE_INPUT', index: focus, value: '7' },
    { type: 'CODE_INPUT', index: focus, value: 'x' },
    { type: 'CODE_INPUT', index: 0, value: '57' },
    { type: 'CODE_BACKSPACE', index: focus },
    { type: 'CODE_PASTE', text: '4821' },
    { type: 'CODE_PASTE', text: 'my code' },
    { type: 'SUBMIT' },
    { type: 'RESEND' },
    { type: 'TICK', now: now + 30_000 },
    ...(resendDeadline !== null && resendDeadline > now ? [{ type: 'TICK', now: resendDeadline } as const] : []),
    { type: 'SIGNED_OUT' },
    done('verifyCode', answer(3)),
    failed('verifyCode', serverError('verify_email_code', messages.codeIncorrect(4))),
    failed('verifyCode', networkDown()),
    done('sendCode', { sentAt: now }),
    failed('sendCode', new ResendCooldownError(messages.resendWait(45), now + 45_000)),
    failed('sendCode', networkDown()),
  ];
}

/**
 * Step 2's 'Wrong e-mail? Change it': opening it from the code boxes (also after a
 * wrong code), the address typed empty, malformed and right, Cancel, the server's answers (sent,
 * too soon, the address taken, no network); a resend around it, the clock to the deadline.
 */
function changeEmailEvents(s: Snapshot): ModelEvent[] {
  const { now, resendDeadline } = verifyOf(s)!.context;
  return [
    { type: 'CHANGE_EMAIL' },
    { type: 'EDIT_EMAIL', value: '' },
    { type: 'EDIT_EMAIL', value: 'ade.bakare@example' },
    { type: 'EDIT_EMAIL', value: NEW_EMAIL },
    { type: 'SUBMIT' },
    { type: 'CANCEL_CHANGE_EMAIL' },
    { type: 'CODE_PASTE', text: '4821' },
    { type: 'RESEND' },
    ...(resendDeadline !== null && resendDeadline > now ? [{ type: 'TICK', now: resendDeadline } as const] : []),
    done('changeEmail', { sentAt: now + 1000, email: NEW_EMAIL }),
    failed('changeEmail', new ResendCooldownError(messages.resendWait(45), now + 45_000)),
    failed('changeEmail', serverError('email', messages.emailTaken)),
    failed('changeEmail', networkDown()),
    done('sendCode', { sentAt: now }),
    failed('verifyCode', serverError('verify_email_code', messages.codeIncorrect(4))),
  ];
}

/** Step 3: a state from the list the page shows, a town once a state is chosen (the page offers nothing else). */
function locationEvents(s: Snapshot): ModelEvent[] {
  const c = locationOf(s)!.context;
  const lagos = c.locations?.some((l) => l.name === 'Lagos') ?? false;
  return [
    done('loadLocations', TEST_LOCATIONS),
    failed('loadLocations', networkDown()),
    done('loadFallbackLocations', TEST_FALLBACK),
    failed('loadFallbackLocations', new Error('Loading chunk failed')),
    ...(lagos ? ([{ type: 'SELECT_STATE', state: 'Lagos' }] as const) : []),
    // Emptying the box clears a chosen state (the box says nothing when nothing changes).
    ...(c.state !== '' ? ([{ type: 'SELECT_STATE', state: '' }] as const) : []),
    ...(c.state === 'Lagos' ? ([{ type: 'SELECT_TOWN', town: 'Ogba' }] as const) : []),
    { type: 'SUBMIT' },
    { type: 'SIGNED_OUT' },
    done('saveLocation', answer(4)),
    failed('saveLocation', serverError('town', messages.unknownTown('Lagos'))),
    failed('saveLocation', serverError('state', messages.unknownState)),
    failed('saveLocation', networkDown()),
  ];
}

function pictureEvents(): ModelEvent[] {
  return [
    { type: 'CHOOSE_FILE', file: 'jpeg-file', ...JPEG },
    { type: 'CHOOSE_FILE', file: 'gif-file', ...GIF },
    { type: 'CHOOSE_FILE', file: 'huge-file', ...HUGE },
    { type: 'SUBMIT' },
    { type: 'SKIP' },
    { type: 'CANCEL_UPLOAD' },
    // The square preview recentred on the top, and dragged past the bottom (kept at 100).
    { type: 'RECENTRE', x: 50, y: 0 },
    { type: 'RECENTRE', x: 50, y: 140 },
    { type: 'UPLOAD_PROGRESS', loaded: 1_200_000, total: 2_400_000 },
    { type: 'SIGNED_OUT' },
    done('uploadPicture', { message: messages.profileImageUploaded }),
    failed('uploadPicture', serverError('profile_image', messages.imageType)),
    failed('uploadPicture', networkDown()),
    done('skipPicture', answer(5)),
    failed('skipPicture', networkDown()),
  ];
}

function agreementEvents(): ModelEvent[] {
  return [
    { type: 'TOGGLE_AGREE', agreed: true },
    { type: 'TOGGLE_AGREE', agreed: false },
    { type: 'SUBMIT' },
    { type: 'SIGNED_OUT' },
    done('acceptAgreement', answer(5, 1)),
    failed('acceptAgreement', serverError('rider_agreement', messages.verifyEmailFirst)),
    failed('acceptAgreement', networkDown()),
  ];
}

function resumeEvents(): ModelEvent[] {
  return [
    ...[1, 2, 3, 4, 5].map((tab) => done('loadProgress', progress(tab))),
    done('loadProgress', progress(5, 1)),
    done('loadProgress', progress(1, 0, 2)),
    failed('loadProgress', networkDown()),
    { type: 'RETRY' },
  ];
}

/** The events of the part the state is in (none once the wizard has left the part a model explores). */
export function eventsIn(part: ModelPart['part'], s: Snapshot): ModelEvent[] {
  const w = s.wizard;
  const inPart =
    part === 'resume'
      ? w.matches('starting') || w.matches('loading') || w.matches('loadFailed')
      : s.step !== null && s.stepId === (part === 'changeEmail' ? 'verify' : part);
  if (!inPart) return [];
  const all =
    part === 'resume'
      ? resumeEvents()
      : part === 'account'
        ? accountEvents(s)
        : part === 'verify'
          ? verifyEvents(s)
          : part === 'changeEmail'
            ? changeEmailEvents(s)
            : part === 'location'
              ? locationEvents(s)
              : part === 'picture'
                ? pictureEvents()
                : agreementEvents();
  return all.filter((e) => canHappen(s, e));
}

/** A countdown as the model tells it apart: what is left of it, in quarter minutes. */
const remaining = (deadline: number | null, now: number) => (deadline === null ? -1 : Math.max(0, Math.ceil((deadline - now) / 15_000)));

/** The state as the model tells states apart: times as what is left of the countdown. */
export function serializeSignup(s: Snapshot): string {
  const w = s.wizard.context;
  const wizard = [s.wizard.value, w.step, w.welcomeName, w.email, w.signedIn, remaining(w.resendDeadline, w.now)];
  const form = formOf(s);
  const verify = verifyOf(s);
  const location = locationOf(s);
  const picture = pictureOf(s);
  const agreement = agreementOf(s);
  const step = form
    ? [form.context.values.username !== '', form.context.errors, form.context.notice, form.context.captchaToken !== null, form.context.captchaPassed, form.context.engaged]
    : verify
      ? (({ email, code, codeFocus, error, resendDeadline, now, resendNotice, resendError, newEmail }) => [
          email,
          code.map((d) => (d === '' ? '_' : '#')).join(''),
          codeFocus,
          error,
          remaining(resendDeadline, now),
          resendNotice !== null,
          resendError,
          newEmail,
        ])(verify.context)
      : location
        ? [location.context.locations?.length ?? null, location.context.locationsFallback, location.context.state, location.context.town, location.context.error]
        : picture
          ? [picture.context.picture?.name ?? null, picture.context.focus, picture.context.uploadPercent, picture.context.error]
          : agreement
            ? [agreement.context.agreed, agreement.context.error]
            : null;
  return JSON.stringify([wizard, s.stepId, s.step?.value ?? null, step]);
}

export interface ModelPart {
  name: string;
  part: 'resume' | 'account' | 'verify' | 'changeEmail' | 'location' | 'picture' | 'agreement';
  input: SignupInput;
  /** Events that bring a fresh wizard to where the model starts. */
  prefix: ModelEvent[];
}

const fresh: SignupInput = { signedIn: false, requestedStep: 1, resendDeadline: null, now: T0, captchaPassed: false };
const signedIn: SignupInput = { ...fresh, signedIn: true };
const filledIn: ModelEvent[] = [
  { type: 'CHANGE', field: 'username', value: RIDER.username },
  { type: 'CHANGE', field: 'email', value: RIDER.email },
  { type: 'CHANGE', field: 'password', value: RIDER.password },
];

export const modelParts: ModelPart[] = [
  { name: 'resuming at each step (signed in)', part: 'resume', input: signedIn, prefix: [] },
  { name: 'a later step asked for without a token', part: 'resume', input: { ...fresh, requestedStep: 3 }, prefix: [] },
  { name: 'step 1, fresh session', part: 'account', input: fresh, prefix: filledIn },
  { name: 'step 1, captcha passed earlier in the session', part: 'account', input: { ...fresh, captchaPassed: true }, prefix: filledIn },
  { name: 'step 2, resumed with no countdown', part: 'verify', input: signedIn, prefix: [done('loadProgress', progress(2))] },
  {
    name: 'step 2, reloaded 20 s into a countdown (kept deadline)',
    part: 'verify',
    input: { ...signedIn, resendDeadline: T0 + 40_000 },
    prefix: [done('loadProgress', progress(2))],
  },
  { name: "step 2, 'Wrong e-mail? Change it'", part: 'changeEmail', input: signedIn, prefix: [done('loadProgress', progress(2))] },
  { name: 'step 3', part: 'location', input: signedIn, prefix: [done('loadProgress', progress(3))] },
  { name: 'step 4', part: 'picture', input: signedIn, prefix: [done('loadProgress', progress(4))] },
  { name: 'step 5', part: 'agreement', input: signedIn, prefix: [done('loadProgress', progress(5))] },
];

/** The state a part starts from: its prefix applied with the machines' pure transitions. */
export function startOf(part: ModelPart): Snapshot {
  let snapshot = systemStart(part.input);
  for (const event of part.prefix) snapshot = systemTransition(snapshot, event);
  return snapshot;
}

/** Every actor the wizard and its steps invoke (each settled by the tests with its model event), by the machine that invokes it. */
export const ACTOR_IDS = {
  signup: ['loadProgress'],
  account: ['verifyCaptcha', 'submitForm'],
  verify: ['verifyCode', 'sendCode', 'changeEmail'],
  location: ['loadLocations', 'loadFallbackLocations', 'saveLocation'],
  picture: ['uploadPicture', 'skipPicture'],
  agreement: ['acceptAgreement'],
} as const;

/**
 * The wizard with every request held until the test settles it (`held(id)` makes the actor);
 * the step machines are the real ones with those actors.
 */
export function wizardWith(held: (id: string) => ReturnType<typeof fromPromise<unknown, never>>) {
  const actors = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, held(id)])) as never;
  return signupMachine.provide({
    actors: {
      loadProgress: held('loadProgress') as never,
      account: accountStep.provide({ actors: actors(ACTOR_IDS.account) }),
      verify: verifyStep.provide({ actors: actors(ACTOR_IDS.verify) }),
      location: locationStep.provide({ actors: actors(ACTOR_IDS.location) }),
      picture: pictureStep.provide({ actors: actors(ACTOR_IDS.picture) }),
      agreement: agreementStep.provide({ actors: actors(ACTOR_IDS.agreement) }),
    },
  });
}

/** Gives an event to the live wizard, or to its running step (as the page's hook does). */
export function sendToWizard(actor: { send: (e: never) => void; getSnapshot: () => SignupSnapshot }, event: ModelEvent): void {
  if (forWizard(event)) return actor.send(event as never);
  const snapshot = actor.getSnapshot();
  const id = activeStep(snapshot);
  const child = id ? (snapshot.children as Record<string, { send: (e: unknown) => void } | undefined>)[id] : undefined;
  child?.send(event);
}

/**
 * Records the transitions of the wizard and of each step machine apart: the inspection events of
 * an actor include its children's microsteps, each transition naming the machine it belongs to.
 */
export class WizardRecorder {
  readonly byMachine = Object.fromEntries(Object.keys(WIZARD_MACHINES).map((id) => [id, new TransitionRecorder()])) as Record<
    WizardMachineId,
    TransitionRecorder
  >;
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    const transitions = (event as unknown as { _transitions: Array<{ source: { machine: { id: string } } }> })._transitions;
    const groups = new Map<string, typeof transitions>();
    for (const t of transitions) groups.set(t.source.machine.id, [...(groups.get(t.source.machine.id) ?? []), t]);
    for (const [id, list] of groups) this.byMachine[id as WizardMachineId]?.inspect({ ...event, _transitions: list } as never);
  };
  /** Every transition taken, as `machine: key`. */
  keys(): Set<string> {
    const out = new Set<string>();
    for (const [id, r] of Object.entries(this.byMachine)) for (const key of r.taken.keys()) out.add(`${id}: ${key}`);
    return out;
  }
}

export interface Step {
  event: ModelEvent;
  state: Snapshot;
}

/** The transitions (`machine: key`) a part's path takes, on a live wizard whose requests never settle. */
export function pathKeys(part: ModelPart, steps: readonly Step[]): Set<string> {
  const r = new WizardRecorder();
  const a = createActor(wizardWith(() => fromPromise(() => new Promise(() => {}))), { input: part.input, inspect: r.inspect });
  a.start();
  for (const e of [...part.prefix, ...steps.map((s) => s.event)]) sendToWizard(a, e);
  a.stop();
  return r.keys();
}

/** The model of a part for xstate/graph. */
export function modelOf(part: ModelPart, events: (s: Snapshot) => ModelEvent[] = (s) => eventsIn(part.part, s)) {
  return new TestModel(signupSystem as never, {
    input: part.input,
    fromState: startOf(part) as never,
    events: events as never,
    serializeState: serializeSignup as never,
  });
}

/**
 * Paths from the model's adjacency map: the shortest path to every reachable state (breadth
 * first), then every event from every state after its shortest path (edge coverage). Edge paths
 * run only where they take a transition that no path before them took (found on a bare run).
 */
export function pathsOf(part: ModelPart): Array<{ name: string; steps: Step[] }> {
  const start = startOf(part);
  const adjacency = modelOf(part).getAdjacencyMap() as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: ModelEvent; state: Snapshot }> }
  >;
  const shortest = new Map<string, Step[]>([[serializeSignup(start), []]]);
  const queue = [serializeSignup(start)];
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serializeSignup(state);
      if (shortest.has(next)) continue;
      shortest.set(next, [...shortest.get(key)!, { event, state }]);
      queue.push(next);
    }
  }
  const covered = new Set<string>();
  const describeSteps = (steps: readonly Step[]) => steps.map((x) => x.event.type.replace('xstate.', '')).join(' → ') || '(start)';
  const out: Array<{ name: string; steps: Step[] }> = [];
  for (const steps of shortest.values()) {
    pathKeys(part, steps).forEach((k) => covered.add(k));
    out.push({ name: `shortest: ${describeSteps(steps)}`, steps });
  }
  for (const [key, prefix] of shortest) {
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const steps = [...prefix, { event, state }];
      const fresh = [...pathKeys(part, steps)].filter((k) => !covered.has(k));
      if (fresh.length === 0) continue;
      fresh.forEach((k) => covered.add(k));
      out.push({ name: `edge: ${describeSteps(steps)}`, steps });
    }
  }
  return out;
}

// ---- Each machine alone, for the test plans (tests/machines/plans/sources.ts) ----------------

/** The wizard's own events: the progress, Try again, each step's end (as the step reports it), another tab signing out. */
export function wizardEvents(s: SignupSnapshot): ModelEvent[] {
  if (s.matches('loading')) return resumeEvents().filter((e) => e.type !== 'RETRY');
  if (s.matches('loadFailed')) return [{ type: 'RETRY' }];
  const ends: Partial<Record<StepId, ModelEvent>> = {
    account: { type: 'ACCOUNT_CREATED', username: RIDER.username, email: RIDER.email, sentAt: s.context.now + 1000 } as never,
    verify: done('verify', { email: RIDER.email }),
    location: done('location', undefined),
    picture: done('picture', undefined),
    agreement: done('agreement', undefined),
  };
  const id = activeStep(s);
  return id ? [ends[id]!, { type: 'SIGNED_OUT' }] : [];
}

export const serializeWizard = (s: SignupSnapshot): string => JSON.stringify([s.value, s.context.step, s.context.welcomeName !== null]);

export const wizardStarts: Array<{ label: string; input: SignupInput }> = [
  { label: 'signed in (resuming)', input: signedIn },
  { label: 'signed out, step 1', input: fresh },
  { label: 'a later step asked for without a token', input: { ...fresh, requestedStep: 3 } },
];

/**
 * A step machine's model alone (steps 2-5): each part of that step, started fresh at the step
 * with the input the wizard gives it, explored with the part's events that reach the step.
 */
export function stepStarts(id: Exclude<StepId, 'account'>) {
  return modelParts
    .filter((part) => (part.part === 'changeEmail' ? 'verify' : part.part) === id)
    .map((part) => {
      const at = startOf(part);
      const whole = (step: StepSnapshot): Snapshot => ({ wizard: at.wizard, stepId: id, step });
      return {
        label: part.name,
        input: id === 'verify' ? stepInputs.verify(at.wizard.context) : undefined,
        events: (step: StepSnapshot) => eventsIn(part.part, whole(step)).filter((e) => !forWizard(e)),
        serialize: (step: StepSnapshot) => serializeSignup(whole(step)),
      };
    });
}
