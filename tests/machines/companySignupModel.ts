/**
 * The events the company sign-up (machines/companies/companySignupMachine.ts) is explored with,
 * shared by its model-based test, its view test (tests/web/CompanySignup.test.tsx), its stories
 * and its test plans. The machine invokes the kit's form (machines/kit/formMachine.ts) as 'form'
 * and the kit's verify step (machines/kit/verifyStep.ts) as 'verify'; as signupModel.ts does for
 * the rider wizard, the model explores the three as one logic (`companySignupSystem`): each
 * snapshot advanced with its own machine's pure transitions, the events the machine forwards
 * handed to the form, the form's reports (`refused`, `announceSuccess`) handed back as
 * FORM_REFUSED and SIGNED_UP, the code step's events handed to it and its end to the machine.
 *
 * The events: the invitation check's answers, filling the form field by field (company name and
 * e-mail come prefilled), a good and a too-large logo, the captcha's events, submitting and
 * every answer the server can give (success, the captcha pass refused, the link gone, a taken
 * e-mail, a failure under no field), the logo's upload; then what the code step's page offers:
 * the one code field, "Verify email", "Send a new code" once the countdown is over, the clock (a
 * second, and the countdown's end), and the server's answers to the code and to a new code (both
 * may be under way at once).
 *
 * The model's states are coarse (where the machines are, how far the form is filled, which field
 * holds the message, the captcha's and the logo's state, whether a code is typed, the countdown
 * runs and which notes and messages show), so the graph stays small; `coveringPaths` picks paths
 * that together take every transition of the machine and of its code step.
 */
import { createActor, fromPromise, initialTransition, transition, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { SubmitError, formMachine } from '../../machines/kit/formMachine';
import { verifyStep } from '../../machines/kit/verifyStep';
import {
  companyForm,
  companyFormActions,
  companyFormInput,
  companySignupMachine,
  companyVerifyInput,
  InvitationDeadError,
  ResendCooldownError,
  type CompanyFormSnapshot,
  type CompanyPageEvent,
  type CompanySignupField,
  type CompanySignupInput,
  type CompanySignupSnapshot,
  type CompanyVerifySnapshot,
  type FormReport,
} from '../../machines/companies/companySignupMachine';
import { codeStepErrors, companySignupSnapshotToView, shownError, type CompanySignupView } from '../../machines/companies/companySignupView';
import { COMPANY_LOGO_MAX_BYTES } from '../../src/shared/company';
import type { PublicInvitation } from '../../src/shared/invitations';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { coverAll, SystemRecorder } from './coverage';

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
  | CompanyPageEvent
  | FormReport
  | { type: `xstate.done.actor.${ActorId}`; output: unknown }
  | { type: `xstate.error.actor.${ActorId}`; error: unknown };
type ActorId = 'checkInvitation' | 'verifyCaptcha' | 'submitForm' | 'uploadLogo' | 'sendCode' | 'verifyCode' | 'verify';

/** The machine and its running child, as the model sees them. */
export interface CompanySystem {
  main: CompanySignupSnapshot;
  /** The form's snapshot while the machine is on the form, else null. */
  form: CompanyFormSnapshot | null;
  /** The code step's snapshot while the machine is on it, else null. */
  verify: CompanyVerifySnapshot | null;
}

const fail = (field: string, message: string) => new SubmitError({ field, message });

/** The form's pure transitions: its reports to the machine are named actions the model reads. */
const pureForm = formMachine.provide({ actions: companyFormActions });
/** The form's own answers (the rest go to the machine, which forwards the form's events). */
const forForm = (event: { type: string }) => /^xstate\.(done|error)\.actor\.(verifyCaptcha|submitForm)$/.test(event.type);

/** The children follow the machine: each starts where the machine enters its state and goes when it leaves. */
function follow(main: CompanySignupSnapshot, form: CompanyFormSnapshot | null, verify: CompanyVerifySnapshot | null): CompanySystem {
  return {
    main,
    form: main.matches('form') ? (form ?? (initialTransition(pureForm, companyFormInput(main.context))[0] as CompanyFormSnapshot)) : null,
    verify: main.matches('verify') ? (verify ?? initialTransition(verifyStep, companyVerifyInput(main.context))[0]) : null,
  };
}

export function systemStart(input: CompanySignupInput): CompanySystem {
  return follow(initialTransition(companySignupMachine, input)[0], null, null);
}

/**
 * One event: on the code step to the step (whose end the machine then receives); else to the
 * machine (and to the form when the machine forwards it), or the form's answers to the form.
 */
export function systemTransition(s: CompanySystem, event: CompanyModelEvent): CompanySystem {
  if (s.verify) {
    const verify = transition(verifyStep, s.verify, event as never)[0];
    const main = verify.status === 'done' ? transition(companySignupMachine, s.main, { type: 'xstate.done.actor.verify', output: verify.output } as never)[0] : s.main;
    return follow(main, null, verify);
  }
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
  return follow(main, form, null);
}

/** The three as one actor logic, for xstate/graph. */
export const companySignupSystem = {
  config: companySignupMachine.config,
  getInitialSnapshot: (_scope: unknown, input: CompanySignupInput) => systemStart(input),
  transition: (s: CompanySystem, event: CompanyModelEvent) => systemTransition(s, event),
};

const childOf = (actor: AnyActorRef, id: 'form' | 'verify') => {
  const main = actor.getSnapshot() as CompanySignupSnapshot;
  return main.matches(id) ? (main.children[id] as AnyActorRef | undefined) : undefined;
};

/** A running actor's machine and running child, as the model sees them. */
export function systemOf(actor: AnyActorRef): CompanySystem {
  return {
    main: actor.getSnapshot() as CompanySignupSnapshot,
    form: (childOf(actor, 'form')?.getSnapshot() as CompanyFormSnapshot | undefined) ?? null,
    verify: (childOf(actor, 'verify')?.getSnapshot() as CompanyVerifySnapshot | undefined) ?? null,
  };
}

/** Sends a model event to a running actor as the page does: the form's answers to the form, the code step's events to it, the rest to the machine. */
export function sendTo(actor: AnyActorRef, event: CompanyModelEvent): void {
  const verify = childOf(actor, 'verify');
  if (verify) verify.send(event);
  else if (forForm(event)) childOf(actor, 'form')?.send(event);
  else actor.send(event);
}

export const viewOf = (s: CompanySystem): CompanySignupView => companySignupSnapshotToView(s.main, s.form, s.verify);

/** How many of FILL's fields hold a value. */
export const filled = (s: CompanySystem) => (s.form ? FILL.filter(([f]) => s.form!.context.values[f] !== '').length : 0);
const coolingDown = (verify: CompanySystem['verify']) => !!verify?.matches({ entering: { resend: 'coolingDown' } });

/** The clock as the model moves it: a second on (the page's clock ticks each second), or to the countdown's end. */
export type ModelTick = { type: 'TICK'; now: number; at: 'second' | 'deadline' };

/** A model tick at the code step's own time (other events unchanged). */
export function liveTick(event: { type: string }, verify: CompanyVerifySnapshot | null): CompanyModelEvent {
  const at = (event as Partial<ModelTick>).at;
  if (event.type !== 'TICK' || !at || !verify) return event as CompanyModelEvent;
  const { now, resendDeadline } = verify.context;
  return { type: 'TICK', now: at === 'second' ? now + 1000 : (resendDeadline ?? now) };
}

/**
 * The event as it happens from `s` itself: the graph keeps one snapshot per coarse state,
 * so a stored answer or clock tick may have been made for another snapshot with the same key.
 */
export function liveEvent(event: CompanyModelEvent, s: CompanySystem): CompanyModelEvent {
  const v = s.verify?.context;
  if (!v) return event;
  if (event.type === 'TICK') return liveTick(event, s.verify);
  if (event.type === 'xstate.done.actor.sendCode') return { ...event, output: { sentAt: v.now } };
  if (event.type === 'xstate.error.actor.sendCode' && (event as { error: unknown }).error instanceof ResendCooldownError) {
    return { ...event, error: new ResendCooldownError(messages.resendWait(60), v.now + 60_000) };
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
  return s.verify ? codeEvents(s.verify) : [];
}

/**
 * The code step's events, as its page offers them: the one code field (the code typed when it
 * is empty), "Verify email" unless the code is being checked, "Send a new code" when the resend
 * is ready, the clock while it counts down; the answers of the requests under way (the code's and
 * a new code's may both be).
 */
function codeEvents(verify: CompanyVerifySnapshot): CompanyModelEvent[] {
  const { context } = verify;
  const events: CompanyModelEvent[] = [];
  if (verify.matches({ entering: { code: 'submitting' } })) {
    events.push(
      { type: 'xstate.done.actor.verifyCode', output: { message: messages.companyVerified } },
      { type: 'xstate.error.actor.verifyCode', error: fail('verify_email_code', messages.codeIncorrect(4)) },
      { type: 'xstate.error.actor.verifyCode', error: new Error('offline') },
    );
  } else {
    events.push({ type: 'SUBMIT' });
    if (context.code.join('') === '') events.push({ type: 'CODE_SET', value: CODE });
  }
  if (verify.matches({ entering: { resend: 'ready' } })) events.push({ type: 'RESEND' });
  if (verify.matches({ entering: { resend: 'coolingDown' } })) {
    const ticks: ModelTick[] = [
      { type: 'TICK', now: context.now + 1000, at: 'second' },
      { type: 'TICK', now: context.resendDeadline!, at: 'deadline' },
    ];
    events.push(...ticks);
  }
  if (verify.matches({ entering: { resend: 'sending' } })) {
    events.push(
      { type: 'xstate.done.actor.sendCode', output: { sentAt: context.now } },
      { type: 'xstate.error.actor.sendCode', error: new ResendCooldownError(messages.resendWait(60), context.now + 60_000) },
      { type: 'xstate.error.actor.sendCode', error: fail('alert', messages.submitFailed) },
    );
  }
  return events;
}

/** Coarse on purpose (see the file's comment). */
export function serializeCompanySignup(s: CompanySystem): string {
  const { main, form, verify } = s;
  return JSON.stringify([
    main.value,
    form?.value ?? null,
    verify?.value ?? null,
    filled(s),
    shownError(main, form)?.field ?? null,
    form?.context.captchaPassed ?? null,
    form ? form.context.captchaToken !== null : null,
    form?.context.engaged ?? null,
    main.context.logo !== null,
    main.context.notice !== null,
    verify ? verify.context.code.join('') !== '' : null,
    codeStepErrors(verify).map((e) => e.field),
    verify ? verify.context.resendNotice !== null : null,
    coolingDown(verify),
  ]);
}

/**
 * The machine alone, for its test plan (as the rider wizard's): the form's part is the kit form's
 * own plan and the code step the kit verify step's; their reports come in as the events they are
 * (FORM_REFUSED, SIGNED_UP, the code step's end).
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
  if (main.matches('verify')) return [{ type: 'xstate.done.actor.verify', output: { email: INVITATION.email } }];
  return companySignupEvents({ main, form: null, verify: null }).filter((e) => !forForm(e));
}

export const serializeCompanySignupMain = (main: CompanySignupSnapshot): string =>
  JSON.stringify([main.value, main.context.logo !== null, main.context.logoError !== null, main.context.notice !== null]);

/**
 * The code step alone, for the kit verify step's test plan: as the company page starts it (the
 * invitation's address, the first code's countdown running), explored with the page's events.
 */
export const companyVerifyStart = {
  label: 'company sign-up, the code step',
  input: companyVerifyInput({ invitation: INVITATION, sentAt: T0 }),
  events: (verify: CompanyVerifySnapshot) => codeEvents(verify),
  serialize: (verify: CompanyVerifySnapshot) =>
    JSON.stringify([verify.value, verify.context.code.join('') !== '', codeStepErrors(verify).map((e) => e.field), verify.context.resendNotice !== null]),
};

interface Step {
  event: { type: string };
  state: unknown;
}

/** The transition keys (`machine: key`, tests/machines/coverage.ts) a path takes, the children's and eventless ones included. */
function keysOf(machine: AnyStateMachine, steps: Step[]): Set<string> {
  const recorder = new SystemRecorder();
  // Requests never settle by themselves: the path's own answers are sent as events.
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actor = createActor(
    (machine as typeof companySignupMachine).provide({
      actors: {
        checkInvitation: never,
        uploadLogo: never,
        form: companyForm.provide({ actors: { verifyCaptcha: never, submitForm: never } as never }),
        verify: verifyStep.provide({ actors: { verifyCode: never, sendCode: never } as never }),
      } as never,
    }),
    { input: { invite: INVITE, captchaPassed: false }, inspect: recorder.inspect },
  );
  actor.start();
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    sendTo(actor, liveEvent(step.event as CompanyModelEvent, systemOf(actor)));
  }
  actor.stop();
  return recorder.keys();
}

/**
 * From the edge paths (every reachable state's shortest path plus each of its events), the
 * fewest, shortest first, that together take every transition a path can take (the machine's,
 * its form's and its code step's).
 */
export function coveringPaths(machine: AnyStateMachine, paths: Step[][]): Step[][] {
  return coverAll(paths, (steps) => steps.length, (steps) => keysOf(machine, steps));
}
