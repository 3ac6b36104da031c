/** Test plan texts of machines/signupMachine.ts: the five-step rider sign-up wizard at /rider-signup (issues 5, 9, 13). */
import { failure, typed, type MachinePlan, type PlanEvent } from './types';

const story = (name: string) => `sign-up-rider-sign-up-wizard--${name}`;
const mb = (size: unknown) => `${(Number(size) / 1024 / 1024).toFixed(1)} MB`;

/** The resend region's answers: a new code, or the server's wait. */
const resendAnswer = (e: PlanEvent) =>
  /Cooldown/.test(String((e.error as { name?: string } | undefined)?.name))
    ? 'Wait: the server says to wait before another code ("Please wait N seconds before requesting another code."; ask twice within a minute, e.g. from another tab)'
    : failure(e, 'Wait for the new code');

export const signupPlan: MachinePlan = {
  machine: 'signupMachine',
  title: 'Rider sign-up wizard',
  start:
    'Open http://localhost:3000/rider-signup in a fresh tab, signed out. The 4-digit code e-mail is listed at http://localhost:3000/dev/mail. ' +
    'Use a new username and e-mail each run. To resume, log in as a rider who stopped at a step: the wizard opens at that step with "Welcome back <username>, Please complete your profile to continue".',
  starts: {
    'resuming at each step (signed in)': 'Log in as a rider who has not finished sign-up, then open /rider-signup.',
    'a later step asked for without a token': 'Signed out, open /rider-signup?step=3 (an address for a later step).',
    'step 1, fresh session': 'Signed out, open /rider-signup in a new tab (no captcha passed yet); type the first three fields as the first steps say.',
    'step 1, captcha passed earlier in the session': 'In this tab, submit a public form (e.g. the newsletter) with the captcha first, then open /rider-signup.',
    'step 2, resumed with no countdown': 'Log in as a rider who created the account but has not verified the e-mail, then open /rider-signup.',
    'step 2, reloaded 20 s into a countdown (kept deadline)': 'At step 2, press "Resend code", wait 20 seconds and reload the page.',
    "step 2, 'Wrong e-mail? Change it'": 'At step 2 (verify your e-mail), as a rider who has not verified yet.',
    'step 3': 'Log in as a rider who verified the e-mail but did not choose a location, then open /rider-signup.',
    'step 4': 'Log in as a rider at the picture step, then open /rider-signup.',
    'step 5': 'Log in as a rider at the agreement step, then open /rider-signup.',
  },
  states: {
    '(root)': { says: 'The "Rider sign-up" page: "Step N of 5" with the five step names, then the step.', story: story('account-editing'), closest: true },
    starting: { says: 'Only at page load: the wizard decides where to start (nothing of its own is drawn).', story: story('loading'), closest: true },
    loading: { says: 'A skeleton card ("Loading your sign-up…") while the progress loads.', story: story('loading') },
    loadFailed: { says: '"We could not load your sign-up progress." with "Try again".', story: story('load-failed') },
    resuming: { says: 'Only for a moment: the wizard opens the step the rider stopped at (nothing of its own is drawn).', story: story('loading'), closest: true },
    account: { says: 'Step 1 of 5, "Create Account": Username, Email, Password, the captcha and "Continue" (and Google sign-in).', story: story('account-editing') },
    'account.editing': { says: 'Step 1 as typed, no messages; the captcha widget shows once a field is in use (unless passed in this session).', story: story('account-editing') },
    'account.error': {
      says: 'Step 1 with a message under each invalid field at once ("This field is required", "Please complete the CAPTCHA.", "An account with this email already exists. Please log in instead."…), the focus on the first.',
      story: story('account-required'),
    },
    'account.checking': { says: 'Only for a moment after "Continue": the fields and the captcha are checked in the browser.', story: story('account-filled-in'), closest: true },
    'account.verifyingCaptcha': { says: '"Submitting..." on the button while the captcha is verified; the fields locked.', story: story('account-verifying-captcha') },
    'account.submitting': { says: '"Submitting..." on the button while the account is created.', story: story('account-submitting') },
    verify: { says: 'Step 2 of 5, "Verify Your Email".', story: story('verify-just-sent') },
    'verify.entering': { says: 'The Verify Your Email step: four code boxes, "Continue", the resend control and "Wrong e-mail? Change it".', story: story('verify-just-sent') },
    'verify.entering.code': { says: 'The four code boxes.', story: story('verify-just-sent') },
    'verify.entering.code.editing': { says: 'The four code boxes as typed (one digit each, the focus on the next empty one), no message.', story: story('verify-pasted') },
    'verify.entering.code.error': {
      says: 'The code boxes with a message under them: "Please enter the 4-digit code from your email", "That code is not correct. You have N more tries." or "This code has expired. Please request a new one."',
      story: story('verify-wrong-code'),
    },
    'verify.entering.code.submitting': { says: '"Submitting..." on "Continue" while the code is checked.', story: story('verify-submitting') },
    'verify.entering.resend': { says: 'The resend control under the code boxes.', story: story('verify-resumed') },
    'verify.entering.resend.checking': { says: 'Only for a moment: the resend control finds whether a countdown is still running (nothing of its own is drawn).', story: story('verify-resumed'), closest: true },
    'verify.entering.resend.ready': { says: 'The link "Resend code" (no countdown).', story: story('verify-resumed') },
    'verify.entering.resend.sending': { says: '"Sending..." in place of "Resend code".', story: story('verify-resending') },
    'verify.entering.resend.coolingDown': { says: '"Resend code in Ns", counting down each second from 60 (or from what the server asked to wait).', story: story('verify-just-sent') },
    'verify.changingEmail': {
      says: '"Change your email address": "Type the right address. We send a new code there, and the code we sent before stops working.", "Email", "Send the code there" and "Cancel".',
      story: story('verify-change-email'),
    },
    'verify.changingEmail.editing': { says: 'The change-email form with the address as typed at step 1, no message.', story: story('verify-change-email') },
    'verify.changingEmail.error': {
      says: 'The change-email form with its message under "Email" ("Please enter a valid email address", the address taken, or the wait before another code).',
      story: story('verify-change-email-invalid'),
    },
    'verify.changingEmail.submitting': { says: '"Submitting..." on "Send the code there".', story: story('verify-change-email-submitting') },
    location: { says: 'Step 3 of 5, "Choose Location": "State" and "Town or area" lists and "Continue".', story: story('location-editing') },
    'location.loading': { says: 'Step 3 while the list of states loads (the lists disabled).', story: story('location-loading') },
    'location.loadingFallback': { says: 'Step 3 while the short built-in list of states loads instead (the full list failed).', story: story('location-loading'), closest: true },
    'location.editing': { says: 'Step 3 with the state and town as chosen, no message.', story: story('location-editing') },
    'location.error': {
      says: 'Step 3 with a message under "State" or "Town or area" ("Select a state from the list", "Select a town in <state> from the list") or the server’s.',
      story: story('location-required'),
    },
    'location.submitting': { says: '"Submitting..." on "Continue" while the location is saved.', story: story('location-submitting') },
    picture: { says: 'Step 4 of 5: "Profile picture" file picker, "Skip" and "Continue".', story: story('picture-editing') },
    'picture.editing': { says: 'Step 4 with no picture chosen.', story: story('picture-editing') },
    'picture.previewing': { says: 'Step 4 with the chosen photo in a square preview (drag it to recentre), "Continue" to upload.', story: story('picture-chosen') },
    'picture.error': {
      says: 'Step 4 with a message under the picker ("Please choose a JPEG, PNG or WebP image", "The image is too large. The limit is 8 MB.", a picture required, or the upload’s failure).',
      story: story('picture-wrong-type'),
    },
    'picture.uploading': { says: 'The progress bar "Uploading N%", "Cancel upload", "Skip" still usable, "Continue" busy.', story: story('picture-uploading') },
    'picture.skipping': { says: '"Submitting..." on "Skip" while the step is skipped.', story: story('picture-skipping') },
    agreement: { says: 'Step 5 of 5: "Please read the agreement to the end, then tick I AGREE.", the agreement text, the I AGREE box and "Continue".', story: story('agreement-editing') },
    'agreement.editing': { says: 'Step 5 with the box ticked or not, no message.', story: story('agreement-editing') },
    'agreement.error': { says: 'Step 5 with a message under I AGREE (not ticked, or the server’s).', story: story('agreement-not-ticked') },
    'agreement.submitting': { says: '"Submitting..." on "Continue".', story: story('agreement-submitting') },
    finished: { says: '"Welcome aboard! Your rider\'s profile is ready." and the rider dashboard opens (/rider-dashboard).', story: story('finished') },
    leaving: { says: 'Not signed in past step 1: the browser goes to /login ("Please log in to continue.").', story: story('leaving') },
  },
  events: {
    SIGNED_OUT: 'Log out in another tab (past step 1, the wizard then sends this tab to /login)',
    'xstate.done.actor.loadProgress': (e) => {
      const progress = e.output as { current_tab?: number; profile_completed?: number } | undefined;
      if (progress?.profile_completed) return 'Wait for the progress (a rider who has finished sign-up)';
      return `Wait for the progress (a rider who stopped at step ${progress?.current_tab ?? '?'})`;
    },
    'xstate.error.actor.loadProgress': (e) => failure(e, 'Wait for the progress'),
    RETRY: 'Press "Try again"',
    ENGAGE: 'Click into the first field (the captcha widget appears)',
    CAPTCHA_PASS: (e) =>
      e.passed ? 'In another tab of this session, submit a public form with the captcha solved: the widget here goes away' : 'In another tab, have the server refuse the captcha pass: the widget here comes back',
    CAPTCHA_EXPIRED: 'Wait two minutes without submitting: the solved captcha expires',
    CAPTCHA_ERROR: 'Make the captcha widget fail (block hcaptcha.com in DevTools → Network request blocking)',
    CHANGE: (e) => (String(e.field) === 'password' && String(e.value) !== '' ? 'Type a password of 8 characters or more in the Password field' : typed(e, String(e.field) === 'email' ? 'Email' : String(e.field) === 'username' ? 'Username' : String(e.field))),
    CAPTCHA_SOLVED: 'Tick the hCaptcha box and solve it',
    SUBMIT: (_e, from) => (from.some((k) => k.startsWith('verify.changingEmail')) ? 'Press "Send the code there"' : 'Press "Continue"'),
    'xstate.done.actor.verifyCaptcha': (e) =>
      (e.output as { success?: boolean } | undefined)?.success ? 'Wait: the captcha is accepted' : 'Wait: the captcha is refused ("CAPTCHA verification failed")',
    'xstate.error.actor.verifyCaptcha': (e) => failure(e, 'Wait for the captcha check'),
    'xstate.done.actor.createAccount': 'Wait: the account is made and the code e-mail sent',
    'xstate.error.actor.createAccount': (e) => failure(e, 'Wait for the account', 'use an e-mail already signed up to see that refusal'),
    CODE_INPUT: (e) => {
      const value = String(e.value);
      if (/^\d$/.test(value)) return `Type “${value}” in code box ${Number(e.index) + 1}`;
      if (/^\d+$/.test(value)) return `Type “${value}” quickly into code box ${Number(e.index) + 1} (as a phone’s autofill does)`;
      return `Type the letter “${value}” in code box ${Number(e.index) + 1} (nothing is taken)`;
    },
    CODE_BACKSPACE: (e) => `Press Backspace in code box ${Number(e.index) + 1}`,
    CODE_PASTE: (e) => (/^\d{4}$/.test(String(e.text)) ? 'Paste the 4-digit code from the e-mail into the first box' : `Paste “${String(e.text)}” into the first box (not a code: nothing is taken)`),
    CODE_RESENT: 'Wait: a new code went out (the boxes clear)',
    CHANGE_EMAIL: 'Press "Wrong e-mail? Change it"',
    'xstate.done.actor.verifyCode': 'Wait: the code is right ("Your email address is verified.")',
    'xstate.error.actor.verifyCode': (e) => failure(e, 'Wait for the code check', 'type a wrong code to see the refusal'),
    RESEND: 'Press "Resend code"',
    TICK: 'Wait (the countdown "Resend code in Ns" runs down; until it reaches 0 for the link to come back)',
    'xstate.done.actor.sendCode': 'Wait: a new code is sent (a new e-mail; "Resend code in 60s")',
    'xstate.error.actor.sendCode': resendAnswer,
    EDIT_EMAIL: (e) => typed(e, 'Email'),
    CANCEL_CHANGE_EMAIL: 'Press "Cancel"',
    'xstate.done.actor.changeEmail': 'Wait: the new address is saved and a code sent there (the boxes clear, the countdown restarts)',
    'xstate.error.actor.changeEmail': (e) =>
      /Cooldown/.test(String((e.error as { name?: string } | undefined)?.name)) ? 'Wait: the server says to wait before another code (change the address twice within a minute)' : failure(e, 'Wait for the change of address'),
    'xstate.done.actor.loadLocations': 'Wait for the list of states',
    'xstate.error.actor.loadLocations': (e) => failure(e, 'Wait for the list of states'),
    'xstate.done.actor.loadFallbackLocations': 'Wait for the built-in list of states',
    'xstate.error.actor.loadFallbackLocations': (e) => failure(e, 'Wait for the built-in list of states'),
    SELECT_STATE: (e) => (String(e.state) === '' ? 'Set "State" back to its empty choice' : `Choose “${String(e.state)}” in "State"`),
    SELECT_TOWN: (e) => `Choose “${String(e.town)}” in "Town or area"`,
    'xstate.done.actor.saveLocation': 'Wait: "Location saved"',
    'xstate.error.actor.saveLocation': (e) => failure(e, 'Wait for the location to be saved'),
    CHOOSE_FILE: (e) => `Choose the picture “${String(e.name)}” (${String(e.mime)}, ${mb(e.size)})`,
    SKIP: 'Press "Skip"',
    RECENTRE: (e) => `Drag the square preview so its centre is at ${String(e.x)}% across, ${String(e.y)}% down (it stays inside the photo)`,
    CANCEL_UPLOAD: 'Press "Cancel upload" while it uploads (throttle DevTools → Network to "Slow 3G" to have time)',
    UPLOAD_PROGRESS: 'Watch the progress bar move ("Uploading N%")',
    'xstate.done.actor.uploadPicture': 'Wait for the upload to finish',
    'xstate.error.actor.uploadPicture': (e) => failure(e, 'Wait for the upload'),
    'xstate.done.actor.skipPicture': 'Wait: "You can add a profile picture later from your dashboard."',
    'xstate.error.actor.skipPicture': (e) => failure(e, 'Wait for the skip'),
    TOGGLE_AGREE: (e) => (e.agreed ? 'Tick I AGREE' : 'Untick I AGREE'),
    'xstate.done.actor.acceptAgreement': 'Wait: the agreement is accepted',
    'xstate.error.actor.acceptAgreement': (e) => failure(e, 'Wait for the agreement'),
  },
};
