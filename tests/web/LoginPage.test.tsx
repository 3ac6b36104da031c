// @vitest-environment jsdom
/**
 * The Login screen's words and its Google button: the page speaks to riders and to companies
 * (a company logs in with the account its invitation made), and 'Continue with Google' shows only
 * when the server's configuration says Google sign-in is on. The real form machine's view.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formSnapshotToView } from '../../machines/kit/formView';
import { loginForm } from '../../src/shared/accountForms';
import { messages } from '../../src/shared/messages';
import { LoginFormView } from '../../src/web/features/auth/LoginFormView';
import { snapshotAfter } from '../../storybook/support/formSnapshots';
import { StoryRouter } from '../../storybook/support/StoryRouter';

function renderLogin(googleSignIn: boolean | null) {
  const view = formSnapshotToView(snapshotAfter({ form: loginForm, captchaPassed: false }, []));
  render(
    <StoryRouter path="/login">
      <LoginFormView view={view} send={() => {}} googleSignIn={googleSignIn} />
    </StoryRouter>,
  );
}

afterEach(cleanup);

describe('the login page', () => {
  it('speaks to riders and to companies', async () => {
    renderLogin(true);
    const intro = await screen.findByText(messages.loginIntro);
    expect(intro.textContent).toMatch(/Riders/);
    expect(intro.textContent).toMatch(/Companies/);
    expect(intro.textContent).toMatch(/invitation/);
  });

  it('shows "Continue with Google" when Google sign-in is configured', async () => {
    renderLogin(true);
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/auth/google');
  });

  it('shows no Google button, and no "or", when Google sign-in is not configured', async () => {
    renderLogin(false);
    await screen.findByText(messages.loginIntro);
    expect(screen.queryByText('Continue with Google')).toBeNull();
    expect(screen.queryByText(messages.googleUnavailable)).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
