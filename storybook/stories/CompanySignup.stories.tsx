/**
 * The invited company sign-up in every state its page can show, each from real snapshots of
 * machines/companies/companySignupMachine.ts and its running child, the form or the code step
 * (advanced together as tests/machines/companySignupModel.ts does) reached with the events named in the story
 * (`parameters.signupState`, one of companySignupViewStates). tests/storybook/
 * companyStories.test.tsx checks that every state has a story and that each story's view is in
 * the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SubmitError } from '../../machines/kit/formMachine';
import { InvitationDeadError } from '../../machines/companies/companySignupMachine';
import type { CompanySignupView } from '../../machines/companies/companySignupView';
import { systemStart, systemTransition, viewOf, type CompanyModelEvent } from '../../tests/machines/companySignupModel';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { CompanySignupView as Page } from '../../src/web/features/companies/CompanySignupView';
import { withRouter } from '../support/StoryRouter';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const INVITATION = { companyName: 'Lekki Bakes', email: 'hello@lekkibakes.ng', expiresAt: '2026-11-29T10:00:00.000Z' };
const place = (name: string) => ({ name, location: null, total_area: null, population: null });
const LOCATIONS: LocationState[] = [
  { name: 'Lagos', capital: 'Ikeja', state_code: 'LA', creation_date: '1967-05-27', location: null, total_area: null, population: null, towns: [place('Ikeja'), place('Lekki')], lgas: [place('Eti-Osa')] },
  { name: 'Oyo', capital: 'Ibadan', state_code: 'OY', creation_date: '1976-02-03', location: null, total_area: null, population: null, towns: [place('Ibadan')], lgas: [] },
];

type StoryEvent = CompanyModelEvent;

function viewAfter(events: readonly StoryEvent[]): CompanySignupView {
  let system = systemStart({ invite: 'Q2hpYW1ha2EtTGVra2ktQmFrZXMtaW52aXRhdGlvbi0x', captchaPassed: false });
  for (const event of events) system = systemTransition(system, event);
  return viewOf(system);
}

const loaded: StoryEvent = { type: 'xstate.done.actor.checkInvitation', output: { invitation: INVITATION, locations: LOCATIONS } };
const filled: StoryEvent[] = [
  loaded,
  { type: 'CHANGE', field: 'contact_person', value: 'Chiamaka Obi' },
  { type: 'CHANGE', field: 'phone', value: '0803 123 4567' },
  { type: 'CHANGE', field: 'password', value: 'ogba-bakes-at-dawn-42' },
  { type: 'CHANGE', field: 'address', value: '12 Admiralty Way' },
  { type: 'CHANGE', field: 'state', value: 'Lagos' },
  { type: 'CHANGE', field: 'town', value: 'Lekki' },
  { type: 'CHANGE', field: 'cac_number', value: 'RC 123456' },
  { type: 'CHOOSE_LOGO', file: null, name: 'lekki-bakes.png', mime: 'image/png', size: 20_000 },
  { type: 'ENGAGE' },
  { type: 'CAPTCHA_SOLVED', token: 'pass-story' },
];
const submitting: StoryEvent[] = [...filled, { type: 'SUBMIT' }, { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } }];
const signedUp: StoryEvent[] = [...submitting, { type: 'xstate.done.actor.submitForm', output: { sentAt: NOW } }];
const onCode: StoryEvent[] = [...signedUp, { type: 'xstate.done.actor.uploadLogo', output: {} }];

function Screen({ signup }: { signup: CompanySignupView }) {
  return (
    <main>
      <Page view={signup} send={fn()} />
    </main>
  );
}

const meta = {
  title: 'Company/Sign-up',
  component: Screen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

function story(events: readonly StoryEvent[], keyText: readonly string[]): Story {
  const signup = viewAfter(events);
  return { args: { signup }, parameters: { signupState: signup.state, keyText } };
}

export const Checking = story([], [messages.invitationChecking]);
export const CheckFailed = story([{ type: 'xstate.error.actor.checkInvitation', error: new Error('offline') }], [messages.submitFailed, messages.tryAgain]);
export const InvitationInvalid = story([{ type: 'xstate.error.actor.checkInvitation', error: new InvitationDeadError() }], [messages.invitationInvalid, messages.invitationContactUs]);
export const Editing = story([loaded], [messages.companySignupIntro('Lekki Bakes'), messages.companySignupSubmit, messages.companyLabels.cac_number]);
export const FieldError = story([loaded, { type: 'SUBMIT' }], [messages.fieldRequired]);
export const EmailTaken = story([...submitting, { type: 'xstate.error.actor.submitForm', error: new SubmitError({ field: 'email', message: messages.emailTaken }) }], [messages.emailTaken]);
export const LogoTooLarge = story([loaded, { type: 'CHOOSE_LOGO', file: null, name: 'huge.png', mime: 'image/png', size: 3_000_000 }], [messages.companyLogoTooLarge]);
export const VerifyingCaptcha = story([...filled, { type: 'SUBMIT' }], [messages.submitting]);
export const Submitting = story(submitting, [messages.submitting, 'lekki-bakes.png']);
export const EnterCode = story(onCode, [messages.companyCodeHeading, messages.companyCodeIntro(INVITATION.email), messages.companyResendIn(60)]);
export const LogoLater = story([...signedUp, { type: 'xstate.error.actor.uploadLogo', error: new Error('refused') }], [messages.companyLogoLater]);
export const CodeError = story([...onCode, { type: 'SUBMIT' }], [messages.enterCode]);
export const WrongCode = story(
  [...onCode, { type: 'CODE_SET', value: '4821' }, { type: 'SUBMIT' }, { type: 'xstate.error.actor.verifyCode', error: new SubmitError({ field: 'verify_email_code', message: messages.codeIncorrect(4) }) }],
  [messages.codeIncorrect(4)],
);
/** A new code asked for and the server failing: the message stays on the resend line, not a toast. */
export const ResendFailed = story(
  [...onCode, { type: 'TICK', now: NOW + 60_000 }, { type: 'RESEND' }, { type: 'xstate.error.actor.sendCode', error: new Error('offline') }],
  [messages.submitFailed, messages.companyResend],
);
export const SendingCode = story([...onCode, { type: 'TICK', now: NOW + 60_000 }, { type: 'RESEND' }], [messages.companyResending]);
export const CodeSent = story(
  [...onCode, { type: 'TICK', now: NOW + 60_000 }, { type: 'RESEND' }, { type: 'xstate.done.actor.sendCode', output: { sentAt: NOW + 60_000 } }],
  [messages.verificationCodeSent, messages.companyResendIn(60)],
);
export const VerifyingCode = story([...onCode, { type: 'CODE_SET', value: '4821' }, { type: 'SUBMIT' }], [messages.submitting]);
export const Done = story(
  [...onCode, { type: 'CODE_SET', value: '4821' }, { type: 'SUBMIT' }, { type: 'xstate.done.actor.verifyCode', output: {} }],
  [messages.companyVerified, messages.companyGoToDashboard],
);
