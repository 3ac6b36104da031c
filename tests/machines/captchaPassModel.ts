/**
 * The session's captcha pass (machines/kit/captchaPassMachine.ts) as a model: its events are what
 * the server says to a form, shared by the machine test and the view test of two forms on one
 * page (tests/web/CaptchaPass.test.tsx).
 */
import { TestModel } from 'xstate/graph';
import { captchaPassMachine, type CaptchaPassEvent } from '../../machines/kit/captchaPassMachine';

export const captchaPassEvents: CaptchaPassEvent[] = [{ type: 'PASSED' }, { type: 'SPENT' }];

export const serializeCaptchaPass = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

export function captchaPassModel(passed: boolean) {
  return new TestModel(captchaPassMachine, {
    input: { passed },
    events: captchaPassEvents,
    serializeState: serializeCaptchaPass as never,
  });
}
