/**
 * The sign-up wizard's models for xstate/graph, shared by the machine test and the view test.
 * One model per part of the wizard, each started from a real snapshot reached with its prefix
 * of events, and explored with the events a rider and the network can produce there. Time is
 * a simulated clock: TICK events carry `now`, always later than the state's own time, and the
 * server's answers carry the time they happened.
 */
import { createActor, fromPromise, initialTransition, transition, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ResendCooldownError, signupMachine, type SignupEvent, type SignupInput } from '../../machines/signupMachine';
import { SubmitError } from '../../machines/formMachine';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import type { SignupProgressResponse } from '../../src/shared/signup';
import { TransitionRecorder } from './coverage';

export type Snapshot = SnapshotFrom<typeof signupMachine>;

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
/** The address a rider who mistyped it at step 1 corrects it to (issue 13). */
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

const running = (s: Snapshot, id: string): boolean => {
  switch (id) {
    case 'loadProgress':
      return s.matches('loading');
    case 'verifyCaptcha':
      return s.matches({ account: 'verifyingCaptcha' });
    case 'createAccount':
      return s.matches({ account: 'submitting' });
    case 'verifyCode':
      return s.matches({ verify: { entering: { code: 'submitting' } } });
    case 'sendCode':
      return s.matches({ verify: { entering: { resend: 'sending' } } });
    case 'changeEmail':
      return s.matches({ verify: { changingEmail: 'submitting' } });
    case 'loadLocations':
      return s.matches({ location: 'loading' });
    case 'loadFallbackLocations':
      return s.matches({ location: 'loadingFallback' });
    case 'saveLocation':
      return s.matches({ location: 'submitting' });
    case 'uploadPicture':
      return s.matches({ picture: 'uploading' });
    case 'skipPicture':
      return s.matches({ picture: 'skipping' });
    case 'acceptAgreement':
      return s.matches({ agreement: 'submitting' });
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
  return [
    { type: 'CHANGE', field: 'username', value: '' },
    { type: 'CHANGE', field: 'username', value: RIDER.username },
    // The widget's own events, only while the page shows it: once the rider is in the form and
    // the session has no pass yet (signupView's showCaptcha).
    ...(s.context.engaged && !s.context.captchaPassed
      ? ([{ type: 'CAPTCHA_SOLVED', token: 'pass-token' }, { type: 'CAPTCHA_EXPIRED' }, { type: 'CAPTCHA_ERROR' }] as const)
      : []),
    { type: 'ENGAGE' },
    // Issue 9: the session's pass, as another form (or the server, through one) changed it.
    { type: 'CAPTCHA_PASS', passed: true },
    { type: 'CAPTCHA_PASS', passed: false },
    { type: 'SUBMIT' },
    { type: 'SIGNED_OUT' },
    done('verifyCaptcha', { success: true }),
    done('verifyCaptcha', { success: false }),
    failed('verifyCaptcha', networkDown()),
    done('createAccount', { sentAt: s.context.now + 1000 }),
    failed('createAccount', serverError('captcha', messages.completeCaptcha)),
    failed('createAccount', serverError('email', messages.emailTaken)),
    failed('createAccount', serverError('alert', messages.tooManyRequests(30))),
    failed('createAccount', networkDown()),
  ];
}

/** Events of step 2: typing where the focus is, over the first box, Backspace, pastes, resend, the clock. */
function verifyEvents(s: Snapshot): ModelEvent[] {
  const { codeFocus: focus, now, resendDeadline } = s.context;
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
 * Step 2's 'Wrong e-mail? Change it' (issue 13): opening it from the code boxes (also after a
 * wrong code), the address typed empty, malformed and right, Cancel, the server's answers (sent,
 * too soon, the address taken, no network); a resend around it, the clock to the deadline.
 */
function changeEmailEvents(s: Snapshot): ModelEvent[] {
  const { now, resendDeadline } = s.context;
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
  const lagos = s.context.locations?.some((l) => l.name === 'Lagos') ?? false;
  return [
    done('loadLocations', TEST_LOCATIONS),
    failed('loadLocations', networkDown()),
    done('loadFallbackLocations', TEST_FALLBACK),
    failed('loadFallbackLocations', new Error('Loading chunk failed')),
    ...(lagos ? ([{ type: 'SELECT_STATE', state: 'Lagos' }] as const) : []),
    // Emptying the box clears a chosen state (the box says nothing when nothing changes).
    ...(s.context.state !== '' ? ([{ type: 'SELECT_STATE', state: '' }] as const) : []),
    ...(s.context.state === 'Lagos' ? ([{ type: 'SELECT_TOWN', town: 'Ogba' }] as const) : []),
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
    // Issue 13: the square preview recentred on the top, and dragged past the bottom (kept at 100).
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
  const inPart =
    part === 'resume'
      ? s.matches('starting') || s.matches('loading') || s.matches('loadFailed')
      : s.matches(part === 'account' ? 'account' : part === 'changeEmail' ? 'verify' : part);
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

/** The state as the model tells states apart: times as what is left of the countdown. */
export function serializeSignup(s: Snapshot): string {
  const c = s.context;
  const remaining = c.resendDeadline === null ? -1 : Math.max(0, Math.ceil((c.resendDeadline - c.now) / 15_000));
  return JSON.stringify([
    s.value,
    c.step,
    c.error,
    c.accountErrors,
    c.welcomeName,
    c.email,
    c.newEmail,
    c.values.username !== '',
    c.captchaToken !== null,
    c.captchaPassed,
    c.engaged,
    c.code.map((d) => (d === '' ? '_' : '#')).join(''),
    c.codeFocus,
    remaining,
    c.resendNotice !== null,
    c.resendError,
    c.locations === null ? null : c.locations.length,
    c.locationsFallback,
    c.state,
    c.town,
    c.picture?.name ?? null,
    c.focus,
    c.uploadPercent,
    c.agreed,
  ]);
}

export interface ModelPart {
  name: string;
  part: 'resume' | 'account' | 'verify' | 'changeEmail' | 'location' | 'picture' | 'agreement';
  input: SignupInput;
  /** Events that bring a fresh actor to where the model starts. */
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

/** The snapshot a part starts from: its prefix applied with the machine's pure transitions. */
export function startOf(part: ModelPart): Snapshot {
  let [snapshot] = initialTransition(signupMachine, part.input);
  for (const event of part.prefix) [snapshot] = transition(signupMachine, snapshot, event as SignupEvent);
  return snapshot;
}

/** Every actor the wizard invokes (each settled by the tests with its model event). */
export const ACTOR_IDS = [
  'loadProgress',
  'verifyCaptcha',
  'createAccount',
  'verifyCode',
  'sendCode',
  'changeEmail',
  'loadLocations',
  'loadFallbackLocations',
  'saveLocation',
  'uploadPicture',
  'skipPicture',
  'acceptAgreement',
] as const;

export interface Step {
  event: ModelEvent;
  state: Snapshot;
}

/** The transitions (tests/machines/coverage.ts keys) a part's path takes, on an actor whose requests never settle. */
export function pathKeys(part: ModelPart, steps: readonly Step[]): Set<string> {
  const r = new TransitionRecorder();
  const a = createActor(
    signupMachine.provide({
      actors: Object.fromEntries(ACTOR_IDS.map((id) => [id, fromPromise(() => new Promise(() => {}))])) as never,
    }),
    { input: part.input, inspect: r.inspect },
  );
  a.start();
  for (const e of [...part.prefix, ...steps.map((s) => s.event)]) a.send(e as SignupEvent);
  a.stop();
  return new Set(r.taken.keys());
}

/**
 * Paths from the model's adjacency map: the shortest path to every reachable state (breadth
 * first), then every event from every state after its shortest path (edge coverage). Edge paths
 * run only where they take a transition that no path before them took (found on a bare run).
 */
export function pathsOf(part: ModelPart): Array<{ name: string; steps: Step[] }> {
  const start = startOf(part);
  const model = new TestModel(signupMachine, {
    input: part.input,
    fromState: start,
    events: ((s: Snapshot) => eventsIn(part.part, s)) as never,
    serializeState: serializeSignup as never,
  });
  const adjacency = model.getAdjacencyMap() as unknown as Record<
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
