/** Test plan texts of machines/kit/captchaPassMachine.ts: the page's one captcha pass shared by its forms. */
import type { MachinePlan } from './types';

export const captchaPassPlan: MachinePlan = {
  machine: 'captchaPassMachine',
  title: 'Captcha pass (one per browser session)',
  start:
    'Open http://localhost:3000/ (the newsletter form in the footer) in a fresh tab; the Contact Us page (/contact-us) has a second form (Quick Enquiry). ' +
    'No account needed. DevTools → Application → Session Storage shows whether the pass is kept.',
  starts: {
    'fresh session': 'A new tab (empty Session Storage).',
    'captcha passed earlier': 'In this tab, subscribe once with the captcha solved, then reload the page.',
  },
  states: {
    '(root)': { says: 'Every form with a captcha on the page follows this one pass.', story: 'forms-newsletter--editing', closest: true },
    starting: { says: 'Only at page load: the kept pass is read (nothing of its own is drawn).', story: 'forms-newsletter--editing', closest: true },
    needed: { says: 'No pass: each form keeps a place for the captcha and shows the hCaptcha widget there once you start using the form.', story: 'forms-newsletter--editing' },
    passed: { says: 'Pass granted: no form shows the captcha widget (nor keeps a place for it); they submit without one.', story: 'forms-newsletter--editing-passed-elsewhere' },
  },
  events: {
    PASSED: 'Solve the captcha in a form and submit it; the server accepts it (a success message appears)',
    SPENT: 'Submit a form when the server says the pass is used up, expired or unknown (after several forms, or after clearing the site’s cookies): "Please complete the CAPTCHA." appears and the widget comes back in every form',
  },
};
