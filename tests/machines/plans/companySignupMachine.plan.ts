/** Test plan texts of machines/companies/companySignupMachine.ts: the invited company sign-up at /company-signup?invite=…. */
import { failure, typed, type MachinePlan } from './types';

const story = (name: string) => `company-sign-up--${name}`;
const kb = (size: unknown) => `${Math.round(Number(size) / 1000)} kB`;

export const companySignupPlan: MachinePlan = {
  machine: 'companySignupMachine',
  title: 'Company sign-up (invitation link)',
  start:
    'Put a company on the waitlist at /company-waitlist, then in the console (/ops/waitlist, staff account from `npm run ops -- add-staff`) press "Invite". ' +
    'Open the link of the invitation e-mail (listed at http://localhost:3000/dev/mail): /company-signup?invite=<token>. The 4-digit code e-mail arrives there too.',
  starts: { 'invitation link': 'A fresh invitation link, opened in a fresh tab (no captcha passed yet).' },
  states: {
    '(root)': { says: 'The "Company sign-up" page.', story: story('editing'), closest: true },
    checking: { says: '"Checking your invitation…" while the link is checked.', story: story('checking') },
    checkFailed: { says: '"Company sign-up" with "Something went wrong. Please try again later." and "Try again".', story: story('check-failed') },
    invalid: {
      says: '"This invitation is no longer valid. Please contact us for a new one." with a "Contact us" link; no form.',
      story: story('invitation-invalid'),
    },
    form: { says: 'The sign-up form: "Open the company account of <company>…", the fields, the logo picker, the captcha and "Create company account".', story: story('editing') },
    'form.editing': {
      says: 'The form as typed, with any message under its field (e.g. the logo "The logo is too large. The limit is 2 MB.", the e-mail taken, "Please complete the CAPTCHA.").',
      story: story('editing'),
    },
    'form.sent': {
      says: 'After "Create company account": the form checks the fields and the captcha (the kit form\'s plan, formMachine.md); the button is busy while the captcha is verified and the account is created.',
      story: story('submitting'),
    },
    'form.savingLogo': { says: 'The button stays busy while the chosen logo is uploaded to the new account.', story: story('submitting') },
    verify: {
      says: 'The "Verify your email" step (the kit\'s verify step, its own plan verifyStep.md under "company sign-up, the code step"): "We sent a 4-digit code to <e-mail>. Enter it to finish.", the code field, "Verify email", and "Send a new code in Ns" counting down (then "Send a new code"); no "Wrong e-mail? Change it".',
      story: story('enter-code'),
    },
    done: {
      says: '"Your email address is verified. Welcome to Ogba Dispatch." and the company dashboard opens (/company-dashboard).',
      story: story('done'),
    },
  },
  events: {
    'xstate.done.actor.checkInvitation': 'Wait for the invitation to be checked (a live link)',
    'xstate.error.actor.checkInvitation': (e) =>
      (e.error as { name?: string } | undefined)?.name === 'InvitationDeadError'
        ? 'Wait for the check of a dead link (use a link already used, revoked or older than 7 days)'
        : failure(e, 'Wait for the invitation check'),
    RETRY: 'Press "Try again"',
    ENGAGE: 'Click into the first field (the captcha widget appears)',
    CAPTCHA_EXPIRED: 'Wait two minutes without submitting: the solved captcha expires',
    CAPTCHA_ERROR: 'Make the captcha widget fail (block hcaptcha.com in DevTools → Network request blocking)',
    CHANGE: (e) => typed(e),
    CHOOSE_LOGO: (e) => `Choose the logo file “${String(e.name)}” (${kb(e.size)})`,
    REMOVE_LOGO: 'Press "Remove" next to the chosen logo',
    CAPTCHA_SOLVED: 'Tick the hCaptcha box and solve it',
    SUBMIT: 'Press "Create company account"',
    FORM_REFUSED: (e) =>
      e.field === 'invite'
        ? 'Wait: the sign-up is refused because the link died meanwhile (revoke the invitation in the console before pressing the button)'
        : 'Wait: the form refuses (leave a field empty, skip the captcha, or use an e-mail already taken): the first message shows under its field, or a toast',
    SIGNED_UP: 'Wait: the account is made and the code e-mail is sent',
    'xstate.done.actor.uploadLogo': 'Wait: the logo is saved',
    'xstate.error.actor.uploadLogo': 'Wait: the logo is refused (choose a renamed non-image file): the account is made all the same',
    'xstate.done.actor.verify': 'Type the 4-digit code from the e-mail in the code field and press "Verify email": the code is accepted',
  },
};
