// @vitest-environment jsdom
/**
 * A toast never repeats the message already on the screen: the login form (the real form
 * machine through useFormMachine, the real LoginFormView, the real <Toasts>) shows a refused
 * log-in in its alert and the words appear once, not again in a toast; the same refusal under a
 * view with no alert of its own still comes as a toast.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginForm } from '../../src/shared/accountForms';
import { messages } from '../../src/shared/messages';
import { SubmitError } from '../../src/shared/requestErrors';
import { LoginFormView } from '../../src/web/features/auth/LoginFormView';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { useFormMachine } from '../../src/web/kit/forms/useFormMachine';
import { StoryRouter } from '../../storybook/support/StoryRouter';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  sonner.dismiss();
  cleanup();
});

const refused = () => Promise.reject(new SubmitError({ field: 'alert', message: messages.invalidCredentials }));

function Login({ showsNotice }: { showsNotice: boolean }) {
  const { view, send } = useFormMachine({ form: loginForm, submit: refused, captcha: false, successMessage: null });
  return (
    <StoryRouter path="/login">
      <LoginFormView view={showsNotice ? view : { ...view, notice: null }} send={send} googleSignIn={false} />
      <Toasts />
    </StoryRouter>
  );
}

async function submitRefused() {
  fireEvent.change(await screen.findByLabelText('Login type'), { target: { value: '1' } });
  fireEvent.change(await screen.findByLabelText(/E-?mail/i), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/i), { target: { value: 'wrong-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

/** Everything toasted so far (sonner's list), once the toast would have had time to come. */
async function toastsAfterASettle(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return Array.from(document.querySelectorAll('[data-sonner-toast]')).map((t) => t.textContent ?? '');
}

describe('a toast never repeats what the screen says', () => {
  it('the refused log-in shows in the form alert only, not also in a toast', async () => {
    render(<Login showsNotice />);
    await submitRefused();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.invalidCredentials);
    expect(await toastsAfterASettle()).toEqual([]);
    expect(screen.getAllByText(messages.invalidCredentials)).toHaveLength(1);
  });

  it('a view that does not show the message still gets the toast', async () => {
    render(<Login showsNotice={false} />);
    await submitRefused();
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')?.textContent ?? '').toContain(messages.invalidCredentials), { timeout: 3000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
