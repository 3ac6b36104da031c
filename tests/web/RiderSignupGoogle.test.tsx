// @vitest-environment jsdom
/**
 * The /rider-signup route component (src/web/routes/RiderSignup.tsx) and the server's
 * configuration: 'Continue with Google' is on step 1 only, so only step 1 asks GET /api/config
 * for whether Google sign-in is on (a rider resuming at a later step on a slow network
 * pays no request, and no re-render of the step when it answers). The real route, wizard machine,
 * API client and auth service; the network edge is ApiEdge, whose configuration has Google off.
 *
 * The order of the tests matters: the client keeps the configuration once fetched, so the test
 * that must not ask for it runs first, in a module where nothing has asked yet.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { auth, setLoginNavigation } from '../../src/web/kit/session/authService';
import RiderSignup from '../../src/web/routes/RiderSignup';
import { installHcaptchaStandIn } from '../../storybook/support/hcaptchaStandIn';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { ApiEdge, testConfig } from './support/apiEdge';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', sid: 's1', user_type: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
const edge = new ApiEdge();
const configAsked = () => edge.log.filter((r) => r.path === '/api/config').length;

function open(path: string) {
  render(
    <StoryRouter path={path}>
      <RiderSignup />
    </StoryRouter>,
  );
}

beforeAll(() => {
  installHcaptchaStandIn();
  edge.install();
  setLoginNavigation(() => {});
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  window.localStorage.clear();
  edge.reset();
});
afterEach(() => {
  cleanup();
  auth.unauthorized();
});

describe("the wizard's route and the server's configuration", () => {
  it('a rider resuming at step 4 is not asked for the configuration', async () => {
    auth.login(TOKEN);
    (await waitFor(() => edge.take('/api/users/me'))).respond(200, {
      username: 'ade_rider',
      email: 'ade@example.com',
      user_type: 1,
      picture: null,
      current_tab: 4,
      profile_completed: 0,
    });
    open('/rider-signup?step=4');
    await screen.findByRole('heading', { level: 1, name: 'Add Profile Picture' });
    // A few more turns of the event loop: an effect that asks would have asked by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(configAsked()).toBe(0);
  });

  it('step 1 asks for it and shows what it says: Google sign-in off, so no "Continue with Google"', async () => {
    open('/rider-signup');
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });
    await waitFor(() => expect(configAsked()).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText('Continue with Google')).toBeNull());
    expect(screen.queryByText(messages.googleUnavailable)).toBeNull();
  });

  it('step 1 shows "Continue with Google" when the configuration has Google sign-in on', async () => {
    testConfig.googleSignIn = true;
    try {
      // The client keeps the configuration once fetched: a fresh module graph asks again.
      vi.resetModules();
      const { default: FreshSignup } = await import('../../src/web/routes/RiderSignup');
      const { StoryRouter: FreshRouter } = await import('../../storybook/support/StoryRouter');
      render(
        <FreshRouter path="/rider-signup">
          <FreshSignup />
        </FreshRouter>,
      );
      await screen.findByRole('heading', { level: 1, name: 'Create Account' });
      // Still there once the configuration has answered (the link shows while it is unknown too).
      await waitFor(() => expect(configAsked()).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/auth/google');
    } finally {
      testConfig.googleSignIn = false;
    }
  });
});
