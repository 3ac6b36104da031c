/**
 * The events the company sign-up (machines/companies/companySignupMachine.ts) is explored with,
 * shared by its model-based test, its view test (tests/web/CompanySignup.test.tsx), its stories
 * and its test plan. The machine invokes the kit's form (machines/kit/formMachine.ts) as 'form';
 * as signupModel.ts does for the rider wizard, the model explores the two as one logic
 * (`companySignupSystem`): the machine's snapshot and the form's, each advanced with its own
 * machine's pure transitions, the events the machine forwards handed to the form, and the form's
 * reports (`refused`, `announceSuccess`) handed back as FORM_REFUSED and SIGNED_UP.
 *
 * The events: the invitation check's answers, filling the form field by field (company name and
 * e-mail come prefilled), a good and a too-large logo, the captcha's events, submitting and
 * every answer the server can give (success, the captcha pass refused, the link gone, a taken
 * e-mail, a failure under no field), the logo's upload; then the code (typed, submitted, wrong), a
 * new code (sent, or the server's wait) and the countdown's clock.
 *
 * The model's states are coarse (where the machines are, how far the form is filled, which field
 * holds the message, the captcha's and the logo's state, whether a code is typed and the
 * countdown runs), so the graph stays small; `coveringPaths` picks paths that together take every
 * transition of the machine.
 */
import { createActor, fromPromise, initialTransition, transition, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { SubmitError, formMachine } from '../../machines/kit/formMachine';
import {
  companyForm,
  companyFormActions,
  companyFormInput,
  companySignupMachine,
  InvitationDeadError,
  ResendCooldownError,
  type CompanyFormSnapshot,
  type CompanySignupEvent,
  type CompanySignupField,
  type CompanySignupInput,
  type CompanySignupSnapshot,
  type FormReport,
} from '../../machines/companies/companySignupMachine';
import { companySignupSnapshotToView, shownError, type CompanySignupView } from '../../machines/companies/companySignupView';
import { COMPANY_LOGO_MAX_BYTES } from '../../src/shared/company';
import type { PublicInvitation } from '../../src/shared/invitations';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { coverAll, TransitionRecorder } from './coverage';

export const INVITE = 'Q2hpYW1ha2EtTGVra2ktQmFrZXMtaW52aXRhdGlvbi0x';
export const T0 = Date.parse('2026-11-22T10:00:00.000Z');
export const INVITATION: PublicInvitation = { companyName: 'Lekki Bakes', email: 'hello@lekkibakes.ng', expiresAt: '2026-11-29T10:00:00.000Z' };
export const CODE = '4821';
export const CAPTCHA_TOKEN = 'pass-model-token';

const place = (name: string) => ({ name, location: null, total_area: null, population: null });
export const TEST_LOCATIONS: LocationState[] = [
  {
    name: 'Lagos',
    capital: 'Ikeja',
    state_code: 'LA',
    creation_date: '1967-05-27',
    location: null,
    total_area: null,
    population: null,
    towns: [place('Ikeja'), place('Lekki')],
    lgas: [place('Eti-Osa')],
  },
  {
    name: 'Oyo',
    capital: 'Ibadan',
    state_code: 'OY',
    creation_date: '1976-02-03',
    location: null,
    total_area: null,
    population: null,
    towns: [place('Ibadan')],
    lgas: [],
  },
];

/** The fields the company fills, in the order of the form (company name and e-mail are prefilled). */
export const FILL: ReadonlyArray<readonly [CompanySignupField, string]> = [
  ['contact_person', 'Chiamaka Obi'],
  ['phone', '0803 123 4567'],
  ['password', 'ogba-bakes-at-dawn-42'],
  ['address', '12 Admiralty Way'],
  ['state', 'Lagos'],
  ['town', 'Lekki'],
];

export const GOOD_LOGO = { name: 'lekki-bakes.png', mime: 'image/png', size: 20_000 };
export const LARGE_LOGO = { name: 'huge.png', mime: 'image/png', size: COMPANY_LOGO_MAX_BYTES + 1 };

export type CompanyModelEvent =
  | CompanySignupEvent
  | FormReport
  | { type: `xstate.done.actor.${ActorId}`; output: unknown }
  | { type: `xstate.error.actor.${ActorId}`; error: unknown };
type ActorId = 'checkInvitation' | 'verifyCaptcha' | 'submitForm' | 'uploadLogo' | 'sendCode' | 'verifyCode';

/** The machine and its form, as the model sees them. */
export interface CompanySystem {
  main: CompanySignupSnapshot;
  /** The form's snapshot while the machine is on the form, else null. */
  form: CompanyFormSnapshot | null;
}

const fail = (field: string, message: string) => new SubmitError({ field, message });

/** The form's pure transitions: its reports to the machine are named actions the model reads. */
const pureForm = formMachine.provide({ actions: companyFormActions });
/** The form's own answers (the rest go to the machine, which forwards the form's events). */
const forForm = (event: { type: string }) => /^xstate\.(done|error)\.actor\.(verifyCaptcha|submitForm)$/.test(event.type);

/** The form follows the machine: it starts where the machine enters the form and goes when it leaves. */
function follow(main: CompanySignupSnapshot, form: CompanyFormSnapshot | null): CompanySystem {
  if (!main.matches('form')) return { main, form: null };
  return { main, form: form ?? (initialTransition(pureForm, companyFormInput(main.context))[0] as CompanyFormSnapshot) };
}

export function systemStart(input: CompanySignupInput): CompanySystem {
  return follow(initialTransition(companySignupMachine, input)[0], null);
}

/** One event: to the machine (and to the form when the machine forwards it), or the form's answers to the form. */
export function systemTransition(s: CompanySystem, event: CompanyModelEvent): CompanySystem {
  let { main, form } = s;
  let toForm = forForm(event);
  if (!toForm) {
    const [next, actions] = transition(companySignupMachine, main, event as never);
    main = next;
    toForm = actions.some((a) => a.type === 'xstate.sendTo');
  }
  if (toForm && form) {
    const [next, actions] = transition(pureForm, form, event as never);
    form = next as CompanyFormSnapshot;
    const types = actions.map((a) => a.type);
    const error = (event as { error?: unknown }).error;
    if (types.includes('refused')) {
      main = transition(companySignupMachine, main, { type: 'FORM_REFUSED', field: error instanceof SubmitError ? error.fieldError.field : null })[0];
    } else if (types.includes('announceSuccess')) {
      main = transition(companySignupMachine, main, { type: 'SIGNED_UP', sentAt: (event as { output?: { sentAt?: number } }).output?.sentAt ?? 0 })[0];
    }
  }
  return follow(main, form);
}

/** The two as one actor logic, for xstate/graph. */
export const companySignupSystem = {
  config: companySignupMachine.config,
  getInitialSnapshot: (_scope: unknown, input: CompanySignupInput) => systemStart(input),
  transition: (s: CompanySystem, event: CompanyModelEvent) => systemTransition(s, event),
};

/** A running actor's machine and form, as the model sees them. */
export function systemOf(actor: AnyActorRef): CompanySystem {
  const main = actor.getSnapshot() as CompanySignupSnapshot;
  const child = main.children.form as AnyActorRef | undefined;
  return { main, form: main.matches('form') && child ? (child.getSnapshot() as CompanyFormSnapshot) : null };
}

/** Sends a model event to a running actor: the form's answers to the form, the rest to the machine. */
export function sendTo(actor: AnyActorRef, event: CompanyModelEvent): void {
  const child = (actor.getSnapshot() as CompanySignupSnapshot).children.form as AnyActorRef | undefined;
  if (forForm(event)) child?.send(event);
  else actor.send(event);
}

export const viewOf = (s: CompanySystem): CompanySignupView => companySignupSnapshotToView(s.main, s.form);

/** How many of FILL's fields hold a value. */
export const filled = (s: CompanySystem) => (s.form ? FILL.filter(([f]) => s.form!.context.values[f] !== '').length : 0);
const coolingDown = ({ main }: CompanySystem) => main.context.resendDeadline !== null && main.context.now < main.context.resendDeadline;

/**
 * The event as it happens from `s` itself: the graph keeps one snapshot per coarse state,
 * so a stored answer or clock tick may have been made for another snapshot with the same key.
 */
export function liveEvent(event: CompanyModelEvent, s: CompanySystem): CompanyModelEvent {
  const { context } = s.main;
  if (event.type === 'TICK') return { type: 'TICK', now: context.resendDeadline ?? context.now };
  if (event.type === 'xstate.done.actor.sendCode') return { ...event, output: { sentAt: context.now } };
  if (event.type === 'xstate.error.actor.sendCode' && (event as { error: unknown }).error instanceof ResendCooldownError) {
    return { ...event, error: new ResendCooldownError(messages.resendWait(60), context.now + 60_000) };
  }
  return event;
}

/** What can happen in the state: what the company does on the page, or the network's answers. */
export function companySignupEvents(s: CompanySystem): CompanyModelEvent[] {
  const { main, form } = s;
  const { context } = main;
  if (main.matches('checking')) {
    return [
      { type: 'xstate.done.actor.checkInvitation', output: { invitation: INVITATION, locations: TEST_LOCATIONS } },
      { type: 'xstate.error.actor.checkInvitation', error: new InvitationDeadError() },
      { type: 'xstate.error.actor.checkInvitation', error: new Error('offline') },
    ];
  }
  if (main.matches('checkFailed')) return [{ type: 'RETRY' }];
  if (main.matches({ form: 'editing' }) && form) {
    const count = filled(s);
    const next = FILL.find(([f]) => form.context.values[f] === '');
    const events: CompanyModelEvent[] = [{ type: 'SUBMIT' }];
    if (next) events.push({ type: 'CHANGE', field: next[0], value: next[1] });
    // The rest only on an empty or a full form: enough to take each transition, and the graph stays small.
    if (count === 0 || count === FILL.length) {
      const { engaged, captchaPassed, captchaToken } = form.context;
      if (!engaged) events.push({ type: 'ENGAGE' });
      // The widget shows once the form is in use, until the captcha is passed.
      if (engaged && !captchaPassed && captchaToken === null) events.push({ type: 'CAPTCHA_SOLVED', token: CAPTCHA_TOKEN });
      if (engaged && !captchaPassed && captchaToken !== null) events.push({ type: 'CAPTCHA_EXPIRED' }, { type: 'CAPTCHA_ERROR' });
      if (context.logo === null) events.push({ type: 'CHOOSE_LOGO', file: null, ...GOOD_LOGO }, { type: 'CHOOSE_LOGO', file: null, ...LARGE_LOGO });
      else events.push({ type: 'REMOVE_LOGO' });
    }
    return events;
  }
  if (form?.matches('verifyingCaptcha')) {
    return [
      { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } },
      { type: 'xstate.done.actor.verifyCaptcha', output: { success: false } },
      { type: 'xstate.error.actor.verifyCaptcha', error: new Error('offline') },
    ];
  }
  if (form?.matches('submitting')) {
    return [
      { type: 'xstate.done.actor.submitForm', output: { sentAt: T0 } },
      { type: 'xstate.error.actor.submitForm', error: fail('captcha', messages.completeCaptcha) },
      { type: 'xstate.error.actor.submitForm', error: fail('invite', messages.invitationInvalid) },
      { type: 'xstate.error.actor.submitForm', error: fail('email', messages.emailTaken) },
      { type: 'xstate.error.actor.submitForm', error: fail('alert', messages.submitFailed) },
    ];
  }
  if (main.matches({ form: 'savingLogo' })) {
    return [
      { type: 'xstate.done.actor.uploadLogo', output: {} },
      { type: 'xstate.error.actor.uploadLogo', error: fail('logo', messages.imageType) },
    ];
  }
  return verifyEvents(main);
}

/** The code step's events (the machine's own). */
function verifyEvents(main: CompanySignupSnapshot): CompanyModelEvent[] {
  const { context } = main;
  if (main.matches({ verify: 'entering' })) {
    const events: CompanyModelEvent[] = [{ type: 'SUBMIT_CODE' }];
    if (context.code === '') events.push({ type: 'CHANGE_CODE', value: CODE });
    if (coolingDown({ main, form: null })) events.push({ type: 'TICK', now: context.resendDeadline! });
    else events.push({ type: 'RESEND' });
    return events;
  }
  if (main.matches({ verify: 'sending' })) {
    return [
      { type: 'xstate.done.actor.sendCode', output: { sentAt: context.now } },
      { type: 'xstate.error.actor.sendCode', error: new ResendCooldownError(messages.resendWait(60), context.now + 60_000) },
      { type: 'xstate.error.actor.sendCode', error: fail('alert', messages.submitFailed) },
    ];
  }
  if (main.matches({ verify: 'verifying' })) {
    return [
      { type: 'xstate.done.actor.verifyCode', output: { message: messages.companyVerified } },
      { type: 'xstate.error.actor.verifyCode', error: fail('verify_email_code', messages.codeIncorrect(4)) },
      { type: 'xstate.error.actor.verifyCode', error: new Error('offline') },
    ];
  }
  return [];
}

/** Coarse on purpose (see the file's comment). */
export function serializeCompanySignup(s: CompanySystem): string {
  const { main, form } = s;
  return JSON.stringify([
    main.value,
    form?.value ?? null,
    filled(s),
    shownError(main, form)?.field ?? null,
    form?.context.captchaPassed ?? null,
    form ? form.context.captchaToken !== null : null,
    form?.context.engaged ?? null,
    main.context.logo !== null,
    main.context.code !== '',
    coolingDown(s),
    main.context.notice !== null,
  ]);
}

/**
 * The machine alone, for its test plan (as the rider wizard's): the form's part is the kit form's
 * own plan, and its reports come in as the events they are (FORM_REFUSED, SIGNED_UP).
 */
export function companySignupMainEvents(main: CompanySignupSnapshot): CompanyModelEvent[] {
  if (main.matches({ form: 'sent' })) {
    return [
      { type: 'FORM_REFUSED', field: null },
      { type: 'FORM_REFUSED', field: 'invite' },
      { type: 'SIGNED_UP', sentAt: T0 },
    ];
  }
  if (main.matches({ form: 'editing' })) {
    const events: CompanyModelEvent[] = [
      { type: 'SUBMIT' },
      { type: 'CHANGE', field: 'contact_person', value: 'Chiamaka Obi' },
      { type: 'ENGAGE' },
      { type: 'CAPTCHA_SOLVED', token: CAPTCHA_TOKEN },
      { type: 'CAPTCHA_EXPIRED' },
      { type: 'CAPTCHA_ERROR' },
    ];
    if (main.context.logo === null) events.push({ type: 'CHOOSE_LOGO', file: null, ...GOOD_LOGO }, { type: 'CHOOSE_LOGO', file: null, ...LARGE_LOGO });
    else events.push({ type: 'REMOVE_LOGO' });
    return events;
  }
  return companySignupEvents({ main, form: null }).filter((e) => !forForm(e));
}

export const serializeCompanySignupMain = (main: CompanySignupSnapshot): string =>
  JSON.stringify([main.value, main.context.logo !== null, main.context.logoError !== null, main.context.code !== '', coolingDown({ main, form: null }), main.context.notice !== null]);

interface Step {
  event: { type: string };
  state: unknown;
}

/** The transition keys (tests/machines/coverage.ts) a path takes, the form's and eventless ones included. */
function keysOf(machine: AnyStateMachine, steps: Step[]): Set<string> {
  const recorder = new TransitionRecorder();
  // Requests never settle by themselves: the path's own answers are sent as events.
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actor = createActor(
    (machine as typeof companySignupMachine).provide({
      actors: {
        checkInvitation: never,
        uploadLogo: never,
        sendCode: never,
        verifyCode: never,
        form: companyForm.provide({ actors: { verifyCaptcha: never, submitForm: never } as never }),
      } as never,
    }),
    { input: { invite: INVITE, captchaPassed: false, now: T0 }, inspect: recorder.inspect },
  );
  actor.start();
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    sendTo(actor, liveEvent(step.event as CompanyModelEvent, systemOf(actor)));
  }
  actor.stop();
  return new Set(recorder.taken.keys());
}

/**
 * From the edge paths (every reachable state's shortest path plus each of its events), the
 * fewest, shortest first, that together take every transition a path can take.
 */
export function coveringPaths(machine: AnyStateMachine, paths: Step[][]): Step[][] {
  return coverAll(paths, (steps) => steps.length, (steps) => keysOf(machine, steps));
}
