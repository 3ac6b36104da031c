/**
 * The kit machines that more than one page runs, and the transitions each page can reach
 * (tests/machines/coverage.ts, PageShare). Each page's view test enforces its share; the shares
 * of a machine together must hold every one of its transitions (tests/machines/viewCoverage.test.ts).
 */
import type { PageShare } from './coverage';

/** The events only the rider's four code boxes send, and 'Wrong e-mail? Change it' (the rider's alone). */
const RIDER_ONLY = /--(CODE_INPUT|CODE_BACKSPACE|CODE_PASTE|CHANGE_EMAIL)\b|^changingEmail\./;

/** machines/kit/verifyStep.ts: the rider wizard's step 2 and the company sign-up's code step. */
export const verifyStepShares = {
  // Four code boxes: it never sets the whole code at once.
  rider: { page: 'the rider sign-up wizard', reaches: (key) => !/--CODE_SET-->/.test(key) },
  // One code field, the invitation's address fixed; the step starts with the first code's
  // countdown running, and only a changed address (never here) starts it again without one.
  company: {
    page: 'the company sign-up',
    reaches: (key) => !RIDER_ONLY.test(key) && key !== 'entering.resend.checking --always--> entering.resend.ready',
  },
} satisfies Record<string, PageShare>;
