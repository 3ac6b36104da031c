// @vitest-environment jsdom
/**
 * /company-signup without an invitation: companies join by invitation, and the company
 * waitlist is how to get one (never "not open yet"). The real route component. And a signed-in
 * company that opens its invitation link again goes to its dashboard (the route's guard).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE_COMPANY } from '../../src/shared/constants';
import { INVITE_PARAM } from '../../src/shared/invitations';
import { messages } from '../../src/shared/messages';
import { paths } from '../../src/shared/routes';
import { auth, setLoginNavigation } from '../../src/web/kit/session/authService';
import { leaveCompanySignupWhenSignedIn } from '../../src/web/kit/session/guards';
import { routeTree } from '../../src/web/router';
import CompanySignup from '../../src/web/routes/CompanySignup';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
beforeAll(() => {
  edge.install();
  setLoginNavigation(() => {});
});
afterAll(() => edge.uninstall());
afterEach(() => {
  cleanup();
  edge.reset();
});

describe('company sign-up without an invitation', () => {
  it('says companies join by invitation and links to the waitlist to get one', async () => {
    window.history.replaceState(null, '', paths.companySignup);
    render(
      <StoryRouter path={paths.companySignup}>
        <CompanySignup />
      </StoryRouter>,
    );
    expect(await screen.findByText(messages.companyByInvitationLead)).toBeTruthy();
    expect(screen.getByText(messages.companyByInvitationHow)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.companyByInvitationAction }).getAttribute('href')).toBe(paths.companyWaitlist);
    expect(document.body.textContent).not.toMatch(/not open yet/);
  });
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (userType: number) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', sid: 's1', user_type: userType, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

function renderInvitationLink() {
  const root = createRootRoute({ component: () => <Outlet /> });
  const routes = [
    createRoute({ getParentRoute: () => root, path: paths.companySignup, beforeLoad: leaveCompanySignupWhenSignedIn, component: () => <h1>company sign-up</h1> }),
    createRoute({ getParentRoute: () => root, path: paths.companyDashboard, component: () => <h1>company dashboard</h1> }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [`${paths.companySignup}?${INVITE_PARAM}=spent-link`] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('re-opening an invitation link', () => {
  afterEach(() => auth.unauthorized());

  it('takes a signed-in company to its dashboard, not to "This invitation is no longer valid"', async () => {
    auth.login(token(USER_TYPE_COMPANY));
    const router = renderInvitationLink();
    expect(await screen.findByRole('heading', { name: 'company dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.companyDashboard);
  });

  it('is the guard of the app’s /company-signup route', () => {
    const route = (routeTree.children as unknown as Array<{ options: { path?: string; beforeLoad?: unknown } }>).find(
      (r) => r.options.path === paths.companySignup,
    );
    expect(route?.options.beforeLoad).toBe(leaveCompanySignupWhenSignedIn);
  });

  it('leaves a visitor who is not signed in on the sign-up', async () => {
    const router = renderInvitationLink();
    expect(await screen.findByRole('heading', { name: 'company sign-up' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.companySignup);
  });
});
