/**
 * The rider sign-up wizard in every state its view can show (machines/signup/signupView.ts), each from a
 * real wizard snapshot reached with the events named in the story. `parameters.signupViewState`
 * (and `resendViewState` on step 2) says which state it shows; tests/storybook/signupStories
 * checks that every state has a story and that each story's snapshot is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ResendCooldownError, type SignupEvent, type SignupInput } from '../../machines/signup/signupMachine';
import { type ResendViewState, type SignupView, type SignupViewState } from '../../machines/signup/signupView';
import { formOf, viewOf } from '../../tests/machines/signupModel';
import { MINIMUM_AGE } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { SignupWizardView } from '../../src/web/features/signup/SignupWizardView';
import {
  STORY_NOW,
  filledAccount,
  fresh,
  on,
  signedIn,
  storyLocations,
  storyRider,
  wizardAfter,
  type WizardEvent,
} from '../support/signupSnapshots';
import { PORTRAIT_PHOTO_URL } from '../support/portraitPhoto';
import { withRouter } from '../support/StoryRouter';

function WizardStory({ wizard, send, googleSignIn }: { wizard: SignupView; send: (event: SignupEvent) => void; googleSignIn: boolean | null }) {
  return <SignupWizardView view={wizard} send={send} googleSignIn={googleSignIn} />;
}

const meta = {
  title: 'Sign-up/Rider sign-up wizard',
  component: WizardStory,
  decorators: [withRouter],
  args: { send: fn(), googleSignIn: true },
  argTypes: { wizard: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

function after(
  signupViewState: SignupViewState,
  input: SignupInput,
  events: readonly WizardEvent[],
  keyText: readonly string[],
  extra: { resendViewState?: ResendViewState; args?: Partial<Story['args']> } = {},
): Story {
  const snapshot = wizardAfter(input, events);
  return {
    args: { wizard: viewOf(snapshot), ...extra.args },
    parameters: {
      signupViewState,
      resendViewState: extra.resendViewState,
      keyText,
      captchaSolved: (formOf(snapshot)?.context.captchaToken ?? null) !== null,
    },
  };
}

const atVerify = [on.resumeAt(2)];
const atLocation = [on.resumeAt(3), on.done('loadLocations', storyLocations)];
const lagosOgba = [...atLocation, { type: 'SELECT_STATE', state: 'Lagos' }, { type: 'SELECT_TOWN', town: 'Ogba' }];
const atPicture = [on.resumeAt(4)];
const chosen: WizardEvent = { type: 'CHOOSE_FILE', file: null, name: 'selfie.jpg', mime: 'image/jpeg', size: 2_400_000, previewUrl: PORTRAIT_PHOTO_URL };
const atAgreement = [on.resumeAt(5)];
const code = (digits: string): WizardEvent => ({ type: 'CODE_PASTE', text: digits });

// ---- Around the steps

export const Loading = after('loading', signedIn, [], ['Loading your sign-up…']);
export const LoadFailed = after('loadFailed', signedIn, [on.failed('loadProgress', new Error('offline'))], [messages.signupProgressFailed, messages.tryAgain]);
/** No token on a later step: on the way to /login. */
export const Leaving = after('leaving', { ...fresh, requestedStep: 3 }, [], ['One moment…']);
/** The agreement accepted: on the way to the dashboard. */
export const Finished = after('finished', signedIn, [on.resumeAt(5, 1)], ['One moment…']);

// ---- Step 1: Create Account

export const AccountEditing = after('account.editing', fresh, [], ['Create Account', 'Step 1 of 5', 'Continue with Google', 'Log in']);
export const AccountFilledIn = after('account.editing', fresh, filledAccount, ['I am human']);
export const AccountRequired = after('account.error', fresh, [on.submit], [messages.fieldRequired]);
export const AccountCaptchaMissing = after('account.error', fresh, [...filledAccount, on.submit], [messages.completeCaptcha]);
export const AccountCaptchaFailed = after(
  'account.error',
  fresh,
  [...filledAccount, on.solveCaptcha, on.submit, on.done('verifyCaptcha', { success: false })],
  [messages.signupCaptchaFailed],
);
export const AccountEmailTaken = after(
  'account.error',
  { ...fresh, captchaPassed: true },
  [...filledAccount, on.submit, on.server('submitForm', 'email', messages.emailTaken)],
  [messages.emailTaken],
);
export const AccountVerifyingCaptcha = after('account.verifyingCaptcha', fresh, [...filledAccount, on.solveCaptcha, on.submit], [messages.submitting]);
export const AccountSubmitting = after('account.submitting', { ...fresh, captchaPassed: true }, [...filledAccount, on.submit], [messages.submitting]);

// ---- Step 2: Verify Your Email

/** Right after Create Account: the first code went out, so the resend control counts down. */
export const VerifyJustSent = after(
  'verify.editing',
  { ...fresh, captchaPassed: true },
  [...filledAccount, on.submit, on.done('submitForm', { sentAt: STORY_NOW })],
  ['Verify Your Email', storyRider.email, 'Resend code in 60s'],
  { resendViewState: 'coolingDown' },
);
export const VerifyResumed = after(
  'verify.editing',
  signedIn,
  atVerify,
  [messages.welcomeBack(storyRider.username), 'Resend code', messages.changeEmailLink, messages.checkSpam],
  { resendViewState: 'ready' },
);
export const VerifyResending = after('verify.editing', signedIn, [...atVerify, { type: 'RESEND' }], ['Sending...'], { resendViewState: 'sending' });
export const VerifyResent = after(
  'verify.editing',
  signedIn,
  [...atVerify, { type: 'RESEND' }, on.done('sendCode', { sentAt: STORY_NOW }), { type: 'TICK', now: STORY_NOW + 15_000 }],
  [messages.verificationCodeSent, 'Resend code in 45s'],
  { resendViewState: 'coolingDown' },
);
export const VerifyResendTooSoon = after('verify.editing', signedIn, [...atVerify, { type: 'RESEND' }, on.cooldown(38)], [messages.resendWait(38)], {
  resendViewState: 'coolingDown',
});
export const VerifyPasted = after('verify.editing', signedIn, [...atVerify, code('4821')], ['Continue'], { resendViewState: 'ready' });
export const VerifyIncomplete = after('verify.error', signedIn, [...atVerify, code('48'), on.submit], [messages.enterCode]);
export const VerifyWrongCode = after(
  'verify.error',
  signedIn,
  [...atVerify, code('4821'), on.submit, on.server('verifyCode', 'verify_email_code', messages.codeIncorrect(4))],
  [messages.codeIncorrect(4)],
);
export const VerifySubmitting = after('verify.submitting', signedIn, [...atVerify, code('4821'), on.submit], [messages.submitting]);

// ---- Step 2: 'Wrong e-mail? Change it'

const correctedEmail = 'adeola.bakare@example.org';
const changing: WizardEvent[] = [...atVerify, code('48'), { type: 'CHANGE_EMAIL' }];
const typedEmail = (value: string): WizardEvent => ({ type: 'EDIT_EMAIL', value });
export const VerifyChangeEmail = after('verify.emailEditing', signedIn, changing, [
  messages.changeEmailHeading,
  messages.changeEmailIntro,
  messages.changeEmailSubmit,
  messages.changeEmailCancel,
]);
export const VerifyChangeEmailInvalid = after('verify.emailError', signedIn, [...changing, typedEmail('adeola.bakare@example'), on.submit], [
  messages.invalidEmail,
]);
export const VerifyChangeEmailTaken = after(
  'verify.emailError',
  signedIn,
  [...changing, typedEmail(correctedEmail), on.submit, on.server('changeEmail', 'email', messages.emailTaken)],
  [messages.emailTaken],
);
export const VerifyChangeEmailTooSoon = after(
  'verify.emailError',
  signedIn,
  [
    ...changing,
    typedEmail(correctedEmail),
    on.submit,
    { type: 'xstate.error.actor.changeEmail', error: new ResendCooldownError(messages.resendWait(38), STORY_NOW + 38_000) },
  ],
  [messages.resendWait(38)],
);
export const VerifyChangeEmailSubmitting = after('verify.emailSubmitting', signedIn, [...changing, typedEmail(correctedEmail), on.submit], [
  messages.submitting,
]);
/** The address corrected: a new code went there, the boxes are empty and the countdown starts again. */
export const VerifyEmailChanged = after(
  'verify.editing',
  signedIn,
  [...changing, typedEmail(correctedEmail), on.submit, on.done('changeEmail', { sentAt: STORY_NOW, email: correctedEmail })],
  [messages.emailChanged(correctedEmail), 'Resend code in 60s', messages.changeEmailLink],
  { resendViewState: 'coolingDown' },
);

// ---- Step 3: Choose Location

export const LocationLoading = after('location.loading', signedIn, [on.resumeAt(3)], ['Loading the list of states…']);
export const LocationEditing = after('location.editing', signedIn, lagosOgba, ['Choose Location', 'Town or area']);
export const LocationFallback = after(
  'location.editing',
  signedIn,
  [on.resumeAt(3), on.failed('loadLocations', new Error('offline')), on.done('loadFallbackLocations', storyLocations)],
  ['We could not load the full list of places, so a shorter list is shown.'],
);
export const LocationRequired = after('location.error', signedIn, [...atLocation, on.submit], [messages.selectState]);
export const LocationTownRequired = after('location.error', signedIn, [...atLocation, { type: 'SELECT_STATE', state: 'Lagos' }, on.submit], [
  messages.selectTown,
]);
export const LocationServerError = after(
  'location.error',
  signedIn,
  [...lagosOgba, on.submit, on.server('saveLocation', 'state', messages.verifyEmailFirst)],
  [messages.verifyEmailFirst],
);
export const LocationSubmitting = after('location.submitting', signedIn, [...lagosOgba, on.submit], [messages.submitting]);

// ---- Step 4: Add Profile Picture

export const PictureEditing = after('picture.editing', signedIn, atPicture, ['Add Profile Picture', 'Skip', 'Profile picture', messages.takePhoto, messages.chooseFromGallery]);
/** The chosen photo in the square it is stored as (centred), ready to be dragged or moved with the arrow keys. */
export const PictureChosen = after('picture.previewing', signedIn, [...atPicture, chosen], ['Chosen: selfie.jpg', messages.pictureFocusHint]);
/** Recentred on the face, near the top of the tall photo. */
export const PictureRecentred = after('picture.previewing', signedIn, [...atPicture, chosen, { type: 'RECENTRE', x: 50, y: 15 }], [
  'Chosen: selfie.jpg',
  messages.pictureFocusHint,
]);
export const PictureMissing = after('picture.error', signedIn, [...atPicture, on.submit], [messages.uploadImage]);
export const PictureWrongType = after(
  'picture.error',
  signedIn,
  [...atPicture, { ...chosen, name: 'funny.gif', mime: 'image/gif' }],
  [messages.imageType],
);
export const PictureUploadFailed = after('picture.error', signedIn, [...atPicture, chosen, on.submit, on.failed('uploadPicture', new Error('offline'))], [
  messages.uploadImageFailed,
]);
export const PictureUploading = after(
  'picture.uploading',
  signedIn,
  [...atPicture, chosen, on.submit, { type: 'UPLOAD_PROGRESS', loaded: 1_080_000, total: 2_400_000 }],
  ['Uploading 45%', messages.cancelUpload],
);
export const PictureSkipping = after('picture.skipping', signedIn, [...atPicture, { type: 'SKIP' }], [messages.submitting]);

// ---- Step 5: Rider Agreement

/** Step 5 opens with the agreement in short, labelled as a summary, above the full text. */
export const AgreementEditing = after('agreement.editing', signedIn, atAgreement, [
  messages.agreementSummaryHeading,
  messages.agreementSummaryNote,
  ...messages.agreementSummary(MINIMUM_AGE),
  'Rider Agreement',
  'I AGREE',
  storyRider.email,
]);
export const AgreementNotTicked = after('agreement.error', signedIn, [...atAgreement, on.submit], [messages.acceptAgreement]);
export const AgreementServerError = after(
  'agreement.error',
  signedIn,
  [...atAgreement, { type: 'TOGGLE_AGREE', agreed: true }, on.submit, on.server('acceptAgreement', 'rider_agreement', messages.chooseLocationFirst)],
  [messages.chooseLocationFirst],
);
export const AgreementSubmitting = after('agreement.submitting', signedIn, [...atAgreement, { type: 'TOGGLE_AGREE', agreed: true }, on.submit], [
  messages.submitting,
]);
