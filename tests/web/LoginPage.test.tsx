// @vitest-environment jsdom
/**
 * The Login screen's words : the page speaks to riders and to companies
 * (a company logs in with the account its invitation made). The real form machine's view.
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
});
