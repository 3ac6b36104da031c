/**
 * The browser session's captcha pass (spec §4: "verification is skipped once it has succeeded
 * in the session"). ONE actor of this machine serves every form of the page: a form
 * asks it at the moment it submits and tells it what the server said.
 *
 *   needed ──PASSED (the server accepted a captcha and granted its pass)──▶ passed
 *   passed ──SPENT (the server says the pass is spent, expired or unknown)──▶ needed
 *
 * The server stays the authority: the pass itself is its signed, httpOnly cookie, good for
 * CAPTCHA_PASS_USES forms (src/server/lib/captcha.ts); this machine only remembers that
 * one was granted, so a form does not show the widget again until the server refuses it.
 *
 * Pure: keeping the flag across reloads (sessionStorage in the app) is a named action.
 */
import { setup } from 'xstate';

export interface CaptchaPassInput {
  /** What the session remembered at start (sessionStorage in the app). */
  passed: boolean;
}

export type CaptchaPassEvent = { type: 'PASSED' } | { type: 'SPENT' };

export const captchaPassMachine = setup({
  types: {
    input: {} as CaptchaPassInput,
    context: {} as { restored: boolean },
    events: {} as CaptchaPassEvent,
  },
  actions: {
    /** Keep the flag for the browser session. */
    remember: () => {},
    /** Drop the kept flag. */
    forget: () => {},
  },
  guards: {
    restoredPassed: ({ context }) => context.restored,
  },
}).createMachine({
  id: 'captchaPass',
  context: ({ input }) => ({ restored: input.passed }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'restoredPassed', target: 'passed' },
        { target: 'needed' },
      ],
    },
    needed: {
      on: { PASSED: { target: 'passed', actions: 'remember' } },
    },
    passed: {
      on: {
        SPENT: { target: 'needed', actions: 'forget' },
        // A second form passed a captcha too (both were solved before either was sent).
        PASSED: { actions: 'remember' },
      },
    },
  },
});

export type CaptchaPassMachine = typeof captchaPassMachine;
