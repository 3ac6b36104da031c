/**
 * The one captcha pass actor of the browser session (machines/kit/captchaPassMachine.ts), with the
 * flag kept in sessionStorage so a reload remembers it. Every form asks it at the moment it
 * submits and follows its changes: a captcha passed in the newsletter form is not asked again
 * by the Quick Enquiry on the same page. When the server says a pass is spent or
 * unknown, the form that heard it says SPENT and every form shows the widget again.
 * On the server (prerendering) there is no pass and nothing runs.
 */
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { captchaPassMachine } from '../../../../machines/kit/captchaPassMachine';
import { CAPTCHA_PASSED_KEY } from '../../../shared/constants';

type CaptchaPassActor = ActorRefFrom<typeof captchaPassMachine>;

function readFlag(): boolean {
  try {
    return window.sessionStorage.getItem(CAPTCHA_PASSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeFlag(passed: boolean): void {
  try {
    if (passed) window.sessionStorage.setItem(CAPTCHA_PASSED_KEY, '1');
    else window.sessionStorage.removeItem(CAPTCHA_PASSED_KEY);
  } catch {
    // Private mode without storage: the pass lasts as long as the page.
  }
}

let actor: CaptchaPassActor | null = null;
/** XState's inspection of the actor: view tests record which transitions the pages drove. */
const inspectors = new Set<(event: InspectionEvent) => void>();

function getActor(): CaptchaPassActor | null {
  if (typeof window === 'undefined') return null;
  if (!actor) {
    actor = createActor(
      captchaPassMachine.provide({ actions: { remember: () => writeFlag(true), forget: () => writeFlag(false) } }),
      { input: { passed: readFlag() }, inspect: (event) => inspectors.forEach((inspect) => inspect(event)) },
    );
    actor.start();
  }
  return actor;
}

export const captchaPass = {
  /** Whether a captcha passed in this session is still thought good (the server decides). */
  passed(): boolean {
    return getActor()?.getSnapshot().matches('passed') ?? false;
  },
  /** The server verified a captcha and granted its pass. */
  granted(): void {
    getActor()?.send({ type: 'PASSED' });
  },
  /** The server refused the pass (spent, expired or unknown): every form asks again. */
  refused(): void {
    getActor()?.send({ type: 'SPENT' });
  },
  /** Calls `listener` with the pass whenever it changes. */
  subscribe(listener: (passed: boolean) => void): () => void {
    const a = getActor();
    if (!a) return () => {};
    let last = captchaPass.passed();
    const subscription = a.subscribe((snapshot) => {
      const now = snapshot.matches('passed');
      if (now !== last) {
        last = now;
        listener(now);
      }
    });
    return () => subscription.unsubscribe();
  },
  /** Tests only: XState's inspection events of the actor (this one and the next ones created). */
  inspect(inspect: (event: InspectionEvent) => void): () => void {
    inspectors.add(inspect);
    return () => void inspectors.delete(inspect);
  },
  /** Tests only: forget the actor, so the next use reads sessionStorage afresh. */
  resetForTests(): void {
    actor?.stop();
    actor = null;
  },
};
