/** Test plan texts of machines/kit/formMachine.ts: every public form's captcha-then-submit, planned on the newsletter form. */
import { failure, typed, type MachinePlan } from './types';

const story = (name: string) => `forms-newsletter--${name}`;

export const formPlan: MachinePlan = {
  machine: 'formMachine',
  title: 'Public form (newsletter; the same machine runs every public form)',
  start:
    'Open http://localhost:3000/ and scroll to the newsletter form in the footer (one e-mail field and "Subscribe"). No account needed. ' +
    'The same steps hold for Quick Enquiry (/contact-us), the quote form and the company waitlist (/company-waitlist), with their own fields.',
  starts: {
    'fresh session': 'A new tab (no captcha passed in this browser session).',
    'captcha already passed': 'In this tab, submit any public form with the captcha once first (the widget no longer shows).',
    'captcha asked first': 'The company waitlist form (/company-waitlist), where the captcha is checked before the fields.',
  },
  states: {
    '(root)': { says: '"Subscribe to our newsletter": the e-mail field, the captcha’s place and "Subscribe".', story: story('editing'), closest: true },
    editing: {
      says: 'The form as typed; after a failed try every invalid field shows its message at once (e.g. "Please enter a valid email address", "Please complete the CAPTCHA."), the focus on the first.',
      story: story('editing'),
    },
    checking: { says: 'Only for a moment after "Subscribe": the fields and the captcha are checked in the browser.', story: story('invalid'), closest: true },
    verifyingCaptcha: { says: 'The button is busy and the field locked while the captcha is verified.', story: story('verifying-captcha') },
    submitting: { says: 'The button is busy while the form is sent.', story: story('submitting') },
    succeeded: {
      says: 'The confirmation in place of the form: "You\'re subscribed", "We write to <e-mail> about once a month. Every e-mail has a link to unsubscribe." and the button "Subscribe another address".',
      story: story('succeeded'),
    },
  },
  events: {
    ENGAGE: 'Click into the e-mail field (the captcha widget appears unless the captcha was passed in this session)',
    CAPTCHA_PASS: (e) =>
      e.passed
        ? 'In another form on the page (or another tab of this session), submit with the captcha solved: this form’s widget goes away'
        : 'In another form on the page, have the server refuse the pass: this form’s widget comes back',
    CAPTCHA_SOLVED: 'Tick the hCaptcha box and solve it',
    CAPTCHA_EXPIRED: 'Wait two minutes without submitting: the solved captcha expires',
    CAPTCHA_ERROR: 'Make the captcha widget fail (block hcaptcha.com in DevTools → Network request blocking)',
    CHANGE: (e) => typed(e, 'e-mail'),
    SUBMIT: 'Press "Subscribe"',
    'xstate.done.actor.verifyCaptcha': (e) =>
      (e.output as { success?: boolean } | undefined)?.success
        ? 'Wait: the captcha is accepted'
        : 'Wait: the captcha is refused ("CAPTCHA verification failed ❌"; use a captcha solved long ago)',
    'xstate.error.actor.verifyCaptcha': (e) => failure(e, 'Wait for the captcha check'),
    'xstate.done.actor.submitForm': 'Wait for the server to accept the form',
    'xstate.error.actor.submitForm': (e) => failure(e, 'Wait for the form'),
    SEND_ANOTHER: 'Press "Subscribe another address"',
  },
};
