/**
 * The events the company sign-up machine (machines/companies/companySignupMachine.ts) is explored with,
 * shared by its model-based test, its view test (tests/web/CompanySignup.test.tsx) and its
 * stories: the invitation check's answers, filling the form field by field (company name and
 * e-mail come prefilled), a good and a too-large logo, the captcha's events, submitting and
 * every answer the server can give (success, the captcha pass refused, the link gone, a taken
 * e-mail, a failure under no field); then the code (typed, submitted, wrong), a new code (sent,
 * or the server's wait) and the countdown's clock.
 *
 * The model's states are coarse (where the machine is, how far the form is filled, which field
 * holds the message, the captcha's and the logo's state, whether a code is typed and the
 * countdown runs), so the graph stays small; `coveringPaths` picks paths that together take every
 * transition of the machine.
 */
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import {
  companySignupMachine,
  InvitationDeadError,
  ResendCooldownError,
  type CompanySignupEvent,
  type CompanySignupField,
  type CompanySignupSnapshot,
} from '../../machines/companies/companySignupMachine';
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
  | { type: `xstate.done.actor.${'checkInvitation' | 'verifyCaptcha' | 'submitSignup' | 'sendCode' | 'verifyCode'}`; output: unknown }
  | { type: `xstate.error.actor.${'checkInvitation' | 'verifyCaptcha' | 'submitSignup' | 'sendCode' | 'verifyCode'}`; error: unknown };

const fail = (field: string, message: string) => new SubmitError({ field, message });

/** How many of FILL's fields hold a value. */
export const filled = (snapshot: CompanySignupSnapshot) => FILL.filter(([f]) => snapshot.context.values[f] !== '').length;
const coolingDown = (snapshot: CompanySignupSnapshot) =>
  snapshot.context.resendDeadline !== null && snapshot.context.now < snapshot.context.resendDeadline;

/**
 * The event as it happens from `snapshot` itself: the graph keeps one snapshot per coarse state,
 * so a stored answer or clock tick may have been made for another snapshot with the same key.
 */
export function liveEvent(event: CompanyModelEvent, snapshot: CompanySignupSnapshot): CompanyModelEvent {
  if (event.type === 'TICK') return { type: 'TICK', now: snapshot.context.resendDeadline ?? snapshot.context.now };
  if (event.type === 'xstate.done.actor.sendCode') return { ...event, output: { sentAt: snapshot.context.now } };
  if (event.type === 'xstate.error.actor.sendCode' && (event as { error: unknown }).error instanceof ResendCooldownError) {
    return { ...event, error: new ResendCooldownError(messages.resendWait(60), snapshot.context.now + 60_000) };
  }
  return event;
}

/** What can happen in the state: what the company does on the page, or the network's answers. */
export function companySignupEvents(snapshot: CompanySignupSnapshot): CompanyModelEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('checking')) {
    return [
      { type: 'xstate.done.actor.checkInvitation', output: { invitation: INVITATION, locations: TEST_LOCATIONS } },
      { type: 'xstate.error.actor.checkInvitation', error: new InvitationDeadError() },
      { type: 'xstate.error.actor.checkInvitation', error: new Error('offline') },
    ];
  }
  if (snapshot.matches('checkFailed')) return [{ type: 'RETRY' }];
  if (snapshot.matches({ form: 'editing' })) {
    const count = filled(snapshot);
    const next = FILL.find(([f]) => context.values[f] === '');
    const events: CompanyModelEvent[] = [{ type: 'SUBMIT' }];
    if (next) events.push({ type: 'CHANGE', field: next[0], value: next[1] });
    // The rest only on an empty or a full form: enough to take each transition, and the graph stays small.
    if (count === 0 || count === FILL.length) {
      if (!context.engaged) events.push({ type: 'ENGAGE' });
      // The widget shows once the form is in use, until the captcha is passed.
      if (context.engaged && !context.captchaPassed && context.captchaToken === null) events.push({ type: 'CAPTCHA_SOLVED', token: CAPTCHA_TOKEN });
      if (context.engaged && !context.captchaPassed && context.captchaToken !== null) events.push({ type: 'CAPTCHA_EXPIRED' }, { type: 'CAPTCHA_ERROR' });
      if (context.logo === null) events.push({ type: 'CHOOSE_LOGO', file: null, ...GOOD_LOGO }, { type: 'CHOOSE_LOGO', file: null, ...LARGE_LOGO });
      else events.push({ type: 'REMOVE_LOGO' });
    }
    return events;
  }
  if (snapshot.matches({ form: 'verifyingCaptcha' })) {
    return [
      { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } },
      { type: 'xstate.done.actor.verifyCaptcha', output: { success: false } },
      { type: 'xstate.error.actor.verifyCaptcha', error: new Error('offline') },
    ];
  }
  if (snapshot.matches({ form: 'submitting' })) {
    return [
      { type: 'xstate.done.actor.submitSignup', output: { sentAt: T0, logoSaved: true } },
      { type: 'xstate.error.actor.submitSignup', error: fail('captcha', messages.completeCaptcha) },
      { type: 'xstate.error.actor.submitSignup', error: fail('invite', messages.invitationInvalid) },
      { type: 'xstate.error.actor.submitSignup', error: fail('email', messages.emailTaken) },
      { type: 'xstate.error.actor.submitSignup', error: fail('alert', messages.submitFailed) },
    ];
  }
  if (snapshot.matches({ verify: 'entering' })) {
    const events: CompanyModelEvent[] = [{ type: 'SUBMIT_CODE' }];
    if (context.code === '') events.push({ type: 'CHANGE_CODE', value: CODE });
    if (coolingDown(snapshot)) events.push({ type: 'TICK', now: context.resendDeadline! });
    else events.push({ type: 'RESEND' });
    return events;
  }
  if (snapshot.matches({ verify: 'sending' })) {
    return [
      { type: 'xstate.done.actor.sendCode', output: { sentAt: context.now } },
      { type: 'xstate.error.actor.sendCode', error: new ResendCooldownError(messages.resendWait(60), context.now + 60_000) },
      { type: 'xstate.error.actor.sendCode', error: fail('alert', messages.submitFailed) },
    ];
  }
  if (snapshot.matches({ verify: 'verifying' })) {
    return [
      { type: 'xstate.done.actor.verifyCode', output: { message: messages.companyVerified } },
      { type: 'xstate.error.actor.verifyCode', error: fail('verify_email_code', messages.codeIncorrect(4)) },
      { type: 'xstate.error.actor.verifyCode', error: new Error('offline') },
    ];
  }
  return [];
}

/** Coarse on purpose (see the file's comment). */
export function serializeCompanySignup(snapshot: CompanySignupSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    filled(snapshot),
    context.error?.field ?? null,
    context.captchaPassed,
    context.captchaToken !== null,
    context.engaged,
    context.logo !== null,
    context.code !== '',
    coolingDown(snapshot),
    context.notice !== null,
  ]);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/** The transition keys (tests/machines/coverage.ts) a path takes, eventless ones included. */
function keysOf(machine: AnyStateMachine, steps: Step[]): Set<string> {
  const recorder = new TransitionRecorder();
  // Requests never settle by themselves: the path's own answers are sent as events.
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actor = createActor(
    (machine as typeof companySignupMachine).provide({
      actors: { checkInvitation: never, verifyCaptcha: never, submitSignup: never, sendCode: never, verifyCode: never } as never,
    }),
    { input: { invite: INVITE, captchaPassed: false, now: T0 }, inspect: recorder.inspect },
  );
  actor.start();
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    actor.send(liveEvent(step.event as CompanyModelEvent, actor.getSnapshot()) as never);
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
