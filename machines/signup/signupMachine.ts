/**
 * The rider sign-up wizard (spec §2 'Rider sign-up wizard', §4): an orchestrator
 * that invokes one machine per step (machines/signup/) and keeps only what crosses steps: who
 * the rider is (username, e-mail), whether a token is stored, the step shown and where to resume
 * (the server's current_tab), 'Welcome back …', and the resend deadline step 1 starts.
 *
 *   starting ─┬─▶ loading ──▶ resuming ──▶ verify | location | picture | agreement   ('Welcome back …')
 *             │      └──▶ loadFailed ──RETRY──▶ loading        └──▶ finished (profile complete)
 *             ├─▶ leaving (no token, an address asking for a step after the first: /login)
 *             └─▶ account
 *   account ──ACCOUNT_CREATED──▶ verify ──done──▶ location ──done──▶ picture ──done──▶ agreement ──done──▶ finished
 *   any step after the first ──SIGNED_OUT──▶ leaving (/login)
 *
 * Each step owns its values, messages and requests and reports when it is done: step 1 is the
 * public forms' captcha-then-submit machine (signup/accountStep.ts, which reports
 * ACCOUNT_CREATED), steps 2-5 end in a final state (xstate.done.actor.<step>). The view sends
 * the rider's events to the step that is running (src/web/features/signup/useSignupMachine.ts).
 * 'Welcome back …' shows on the step where the rider resumed: leaving that step clears it.
 *
 * Pure: the time comes in events and the input; every effect (requests, navigation, storage,
 * toasts, the picture preview) is a named actor or action supplied with .provide(), the steps'
 * by providing each step machine.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { resumeStep, whereUserBelongs } from '../../src/shared/destination';
import { paths } from '../../src/shared/routes';
import type { SignupStep } from '../../src/shared/signup';
import type { FormEvent } from '../kit/formMachine';
import { accountInput, accountStep, type AccountCreated } from './accountStep';
import { agreementStep, type AgreementEvent } from './agreementStep';
import { locationStep, type LocationEvent } from './locationStep';
import { pictureStep, type PictureEvent } from './pictureStep';
import { resendDeadlineAfter } from '../kit/resendCode';
import { verifyStep, type VerifyEvent } from '../kit/verifyStep';

export { CAPTCHA_FIELD } from '../kit/formMachine';
export { AGREEMENT_FIELD } from './agreementStep';
export { PICTURE_FIELD, type ChosenPicture } from './pictureStep';
export { ResendCooldownError } from '../kit/errors';
export { CODE_FIELD, COOLDOWN_MS, applyBackspace, applyBoxInput } from '../kit/verifyStep';

/** The signed-in user's progress (GET /api/users/me). */
export interface SignupProgress {
  username: string;
  email: string;
  user_type: number;
  current_tab: number;
  profile_completed: number;
}

export interface SignupInput {
  /** An auth token is stored (the user is signed in). */
  signedIn: boolean;
  /** The step the address asked for (?step=N). */
  requestedStep: SignupStep;
  /** The kept deadline of the resend countdown, or null. */
  resendDeadline: number | null;
  now: number;
  /** Spec §4: the captcha passed once in this browser session is not asked again. */
  captchaPassed: boolean;
}

export interface SignupContext {
  step: SignupStep;
  requestedStep: SignupStep;
  signedIn: boolean;
  /** 'Welcome back {username}, …' for a rider who resumes. */
  welcomeName: string | null;
  username: string;
  email: string;
  /** The resend countdown's deadline when step 2 starts (kept across reloads), and the time then. */
  resendDeadline: number | null;
  now: number;
  /** The session's captcha pass when step 1 starts. */
  captchaPassed: boolean;
}

/** The wizard's own events: the rest go to the step that is running. */
export type WizardEvent = { type: 'RETRY' } | { type: 'SIGNED_OUT' } | AccountCreated;

/** Every event the wizard's view sends (the hook gives each to the wizard or to the running step). */
export type SignupEvent = { type: 'RETRY' } | { type: 'SIGNED_OUT' } | FormEvent | VerifyEvent | LocationEvent | PictureEvent | AgreementEvent;

/** The steps, by the id each is invoked with (the same as the wizard's state for it). */
export const STEP_IDS = ['account', 'verify', 'location', 'picture', 'agreement'] as const;
export type StepId = (typeof STEP_IDS)[number];

/** What each step is started with, from the wizard's context (the wizard's invokes and its models use this). */
export const stepInputs = {
  account: (context: SignupContext) => accountInput(context.captchaPassed),
  verify: (context: SignupContext) => ({ email: context.email, resendDeadline: context.resendDeadline, now: context.now }),
} as const;

export const signupMachine = setup({
  types: {
    input: {} as SignupInput,
    context: {} as SignupContext,
    events: {} as WizardEvent,
  },
  actors: {
    loadProgress: fromPromise<SignupProgress>(async () => {
      throw new Error('loadProgress not provided');
    }),
    account: accountStep,
    verify: verifyStep,
    location: locationStep,
    picture: pictureStep,
    agreement: agreementStep,
  },
  actions: {
    goToLogin: () => {},
    goToDashboard: () => {},
    /** The signed-in user's basics changed (the navigation and route guards reload them). */
    userChanged: () => {},
    /** Keep the resend deadline across reloads (localStorage in the app). */
    persistResendDeadline: (_, _params: { deadline: number }) => {},
    forgetResendDeadline: () => {},
    /** Leaving the step where the rider resumed: 'Welcome back …' is not shown on later steps. */
    forgetWelcome: assign({ welcomeName: null }),
    accountCreated: assign(({ event }) => {
      assertEvent(event, 'ACCOUNT_CREATED');
      return {
        username: event.username,
        email: event.email,
        signedIn: true,
        resendDeadline: resendDeadlineAfter(event.sentAt),
        now: event.sentAt,
      };
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    laterStepAsked: ({ context }) => context.requestedStep > 1,
    pastFirstStep: ({ context }) => context.step > 1,
    // The one 'where does this user belong' rule (src/shared/destination.ts): not the wizard.
    profileDone: (_, params: { progress: SignupProgress }) => whereUserBelongs(params.progress).to !== paths.riderSignup,
    atStep: ({ context }, params: { step: SignupStep }) => context.step === params.step,
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    step: 1,
    requestedStep: input.requestedStep,
    signedIn: input.signedIn,
    welcomeName: null,
    username: '',
    email: '',
    resendDeadline: input.resendDeadline,
    now: input.now,
    captchaPassed: input.captchaPassed,
  }),
  initial: 'starting',
  on: {
    // Spec §8: no authToken on a step after the first → /login.
    SIGNED_OUT: { guard: 'pastFirstStep', target: '.leaving', actions: 'goToLogin' },
  },
  states: {
    starting: {
      always: [
        { guard: 'signedIn', target: 'loading' },
        { guard: 'laterStepAsked', target: 'leaving', actions: 'goToLogin' },
        { target: 'account' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        onDone: [
          { guard: { type: 'profileDone', params: ({ event }) => ({ progress: event.output }) }, target: 'finished' },
          {
            target: 'resuming',
            actions: assign({
              step: ({ event }) => resumeStep(event.output.current_tab),
              welcomeName: ({ event }) => event.output.username,
              username: ({ event }) => event.output.username,
              email: ({ event }) => event.output.email,
            }),
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    resuming: {
      always: [
        { guard: { type: 'atStep', params: { step: 3 } }, target: 'location' },
        { guard: { type: 'atStep', params: { step: 4 } }, target: 'picture' },
        { guard: { type: 'atStep', params: { step: 5 } }, target: 'agreement' },
        { target: 'verify' },
      ],
    },

    // Step 1: Create Account (the public forms' captcha-then-submit machine).
    account: {
      entry: assign({ step: 1 }),
      invoke: { id: 'account', src: 'account', input: ({ context }) => stepInputs.account(context) },
      on: {
        ACCOUNT_CREATED: {
          target: 'verify',
          actions: ['accountCreated', { type: 'persistResendDeadline', params: ({ context }) => ({ deadline: context.resendDeadline ?? 0 }) }],
        },
      },
    },
    // Step 2: Verify Your Email.
    verify: {
      entry: assign({ step: 2 }),
      exit: 'forgetWelcome',
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => stepInputs.verify(context),
        onDone: { target: 'location', actions: assign({ email: ({ event }) => event.output.email, resendDeadline: null }) },
      },
    },
    // Step 3: Choose Location.
    location: {
      entry: assign({ step: 3 }),
      exit: 'forgetWelcome',
      invoke: { id: 'location', src: 'location', onDone: 'picture' },
    },
    // Step 4: Add Profile Picture (or Skip).
    picture: {
      entry: assign({ step: 4 }),
      exit: 'forgetWelcome',
      invoke: { id: 'picture', src: 'picture', onDone: 'agreement' },
    },
    // Step 5: Rider Agreement.
    agreement: {
      entry: assign({ step: 5 }),
      exit: 'forgetWelcome',
      invoke: { id: 'agreement', src: 'agreement', onDone: 'finished' },
    },

    finished: {
      type: 'final',
      entry: ['forgetResendDeadline', 'userChanged', 'goToDashboard'],
    },
    leaving: {
      type: 'final',
    },
  },
});

export type SignupMachine = typeof signupMachine;
export type SignupActor = ActorRefFrom<typeof signupMachine>;
export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

/** The running step of a wizard snapshot, if any (its id is also the wizard's state). */
export function activeStep(snapshot: { matches: (value: never) => boolean }): StepId | null {
  return STEP_IDS.find((id) => snapshot.matches(id as never)) ?? null;
}
