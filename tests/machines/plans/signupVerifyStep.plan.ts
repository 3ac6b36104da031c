/**
 * Test plan texts of machines/kit/verifyStep.ts: step 2 of the rider sign-up wizard, 'Verify Your
 * Email', and the company sign-up's code step (its own start: one code field, no change of address).
 */
import { failure, typed, type MachinePlan, type PlanEvent } from './types';

const story = (name: string) => `sign-up-rider-sign-up-wizard--${name}`;

/** The resend region's answers: a new code, or the server's wait. */
const resendAnswer = (e: PlanEvent) =>
  /Cooldown/.test(String((e.error as { name?: string } | undefined)?.name))
    ? 'Wait: the server says to wait before another code ("Please wait N seconds before requesting another code."; ask twice within a minute, e.g. from another tab)'
    : failure(e, 'Wait for the new code');

export const signupVerifyPlan: MachinePlan = {
  machine: 'verifyStep',
  title: 'Rider sign-up, step 2: Verify Your Email (and the company sign-up’s code step)',
  start:
    'Log in as a rider who created the account but has not verified the e-mail, then open http://localhost:3000/rider-signup (the wizard opens at step 2). ' +
    'The 4-digit code e-mail is listed at http://localhost:3000/dev/mail.',
  starts: {
    'step 2, resumed with no countdown': 'Log in as a rider who created the account but has not verified the e-mail, then open /rider-signup.',
    'step 2, reloaded 20 s into a countdown (kept deadline)': 'At step 2, press "Resend code", wait 20 seconds and reload the page.',
    "step 2, 'Wrong e-mail? Change it'": 'At step 2 (verify your e-mail), as a rider who has not verified yet.',
    'company sign-up, the code step':
      'Sign up a company from its invitation link (companySignupMachine.md) up to "Verify your email", "Send a new code in 60s" counting down. ' +
      'This page shows the same step with one code field where the rider has four boxes, "Verify email" for "Continue", "Send a new code" for "Resend code" ' +
      '(the resend notes and messages under it) and no "Wrong e-mail? Change it"; its code e-mail goes to the invited address.',
  },
  states: {
    '(root)': { says: 'Step 2 of 5, "Verify Your Email".', story: story('verify-just-sent') },
    entering: { says: 'The Verify Your Email step: four code boxes, "Continue", the resend control and "Wrong e-mail? Change it".', story: story('verify-just-sent') },
    'entering.code': { says: 'The four code boxes.', story: story('verify-just-sent') },
    'entering.code.editing': { says: 'The four code boxes as typed (one digit each, the focus on the next empty one), no message.', story: story('verify-pasted') },
    'entering.code.error': {
      says: 'The code boxes with a message under them: "Please enter the 4-digit code from your email", "That code is not correct. You have N more tries." or "This code has expired. Please request a new one."',
      story: story('verify-wrong-code'),
    },
    'entering.code.submitting': { says: '"Submitting..." on "Continue" while the code is checked.', story: story('verify-submitting') },
    'entering.resend': { says: 'The resend control under the code boxes.', story: story('verify-resumed') },
    'entering.resend.checking': { says: 'Only for a moment: the resend control finds whether a countdown is still running (nothing of its own is drawn).', story: story('verify-resumed'), closest: true },
    'entering.resend.ready': { says: 'The link "Resend code" (no countdown).', story: story('verify-resumed') },
    'entering.resend.sending': { says: '"Sending..." in place of "Resend code".', story: story('verify-resending') },
    'entering.resend.coolingDown': { says: '"Resend code in Ns", counting down each second from 60 (or from what the server asked to wait).', story: story('verify-just-sent') },
    changingEmail: {
      says: '"Change your email address": "Type the right address. We send a new code there, and the code we sent before stops working.", "Email", "Send the code there" and "Cancel".',
      story: story('verify-change-email'),
    },
    'changingEmail.editing': { says: 'The change-email form with the address as typed at step 1, no message.', story: story('verify-change-email') },
    'changingEmail.error': {
      says: 'The change-email form with its message under "Email" ("Please enter a valid email address", the address taken, or the wait before another code).',
      story: story('verify-change-email-invalid'),
    },
    'changingEmail.submitting': { says: '"Submitting..." on "Send the code there".', story: story('verify-change-email-submitting') },
    verified: { says: 'The code was right: the wizard goes on to step 3, "Choose Location".', story: story('location-loading'), closest: true },
  },
  events: {
    CODE_INPUT: (e) => {
      const value = String(e.value);
      if (/^\d$/.test(value)) return `Type “${value}” in code box ${Number(e.index) + 1}`;
      if (/^\d+$/.test(value)) return `Type “${value}” quickly into code box ${Number(e.index) + 1} (as a phone’s autofill does)`;
      return `Type the letter “${value}” in code box ${Number(e.index) + 1} (nothing is taken)`;
    },
    CODE_BACKSPACE: (e) => `Press Backspace in code box ${Number(e.index) + 1}`,
    CODE_PASTE: (e) => (/^\d{4}$/.test(String(e.text)) ? 'Paste the 4-digit code from the e-mail into the first box' : `Paste “${String(e.text)}” into the first box (not a code: nothing is taken)`),
    CODE_SET: (e) => `Type “${String(e.value)}” in the code field (the company sign-up’s one field; use the code e-mailed)`,
    CODE_RESENT: 'Wait: a new code went out (the boxes clear)',
    CHANGE_EMAIL: 'Press "Wrong e-mail? Change it"',
    'xstate.done.actor.verifyCode': 'Wait: the code is right ("Your email address is verified.")',
    'xstate.error.actor.verifyCode': (e) => failure(e, 'Wait for the code check', 'type a wrong code to see the refusal'),
    RESEND: 'Press "Resend code" (on the company sign-up: "Send a new code")',
    TICK: 'Wait (the countdown "Resend code in Ns" runs down; until it reaches 0 for the link to come back)',
    'xstate.done.actor.sendCode': 'Wait: a new code is sent (a new e-mail; "Resend code in 60s")',
    'xstate.error.actor.sendCode': resendAnswer,
    EDIT_EMAIL: (e) => typed(e, 'Email'),
    CANCEL_CHANGE_EMAIL: 'Press "Cancel"',
    'xstate.done.actor.changeEmail': 'Wait: the new address is saved and a code sent there (the boxes clear, the countdown restarts)',
    'xstate.error.actor.changeEmail': (e) =>
      /Cooldown/.test(String((e.error as { name?: string } | undefined)?.name)) ? 'Wait: the server says to wait before another code (change the address twice within a minute)' : failure(e, 'Wait for the change of address'),
    SUBMIT: (_e, from) =>
      from.some((k) => k.startsWith('changingEmail')) ? 'Press "Send the code there"' : 'Press "Continue" (on the company sign-up: "Verify email")',
  },
};
