// @vitest-environment jsdom
/**
 * Forgot and Reset Password through their real routes, with only fetch stood in at
 * the network edge: the forgot-password confirmation is shown once, as one block in the form,
 * not doubled by a toast; both reset-password fields have the Show/Hide toggle that Login has.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import ForgotPassword from '../../src/web/routes/ForgotPassword';
import ResetPassword from '../../src/web/routes/ResetPassword';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
beforeAll(() => {
  edge.install();
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

function renderAt(initial: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <main>
          <Outlet />
        </main>
        <Toasts />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/forgot-password', component: ForgotPassword }),
    createRoute({ getParentRoute: () => root, path: '/reset-password', component: ResetPassword }),
    createRoute({ getParentRoute: () => root, path: '/login', component: () => <h1>Login</h1> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [initial] }) });
  render(<RouterProvider router={router} />);
}

describe('forgot password', () => {
  it('confirms once, in one block of the form, with no toast repeating it', async () => {
    renderAt('/forgot-password');
    const region = await screen.findByRole('status');
    expect(region.textContent).toMatch(/send you a link/);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ade@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const held = await waitFor(() => edge.take('/api/auth/forget-password'));
    expect(held.body).toEqual({ email: 'ade@example.com' });
    await act(async () => held.respond(200, { message: messages.resetLinkSent }));

    // The live region that held the intro now holds the whole confirmation, styled as a block
    // (auth.css .auth-status).
    const status = await screen.findByText(messages.resetLinkSent);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe(messages.resetLinkSent);
    expect(status).toBe(region);
    expect(status.className).toBe('auth-status');
    expect(within(screen.getByRole('form')).getAllByRole('status')).toHaveLength(1);
    // A toast would say it a second time (sonner renders its toasts as list items).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(messages.resetLinkSent)).toHaveLength(1);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0);
  });
});

describe('reset password', () => {
  it('New Password and Confirm Password each have a Show/Hide toggle', async () => {
    renderAt('/reset-password?token=abc');
    for (const label of ['New Password', 'Confirm Password']) {
      const input = (await screen.findByLabelText(label)) as HTMLInputElement;
      expect(input.type).toBe('password');
      const toggle = document.querySelector(`button[aria-controls="${input.id}"]`) as HTMLButtonElement;
      expect(toggle).not.toBeNull();
      expect(toggle.getAttribute('aria-label')).toBe('Show password');
      fireEvent.click(toggle);
      expect(input.type).toBe('text');
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
      expect(toggle.getAttribute('aria-label')).toBe('Hide password');
      fireEvent.click(toggle);
      expect(input.type).toBe('password');
    }
    // Shown or hidden, the value typed is what is sent.
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'a-new-lagos-passphrase' } });
    fireEvent.click(document.querySelector('button[aria-controls="reset-password-newPassword"]')!);
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'a-new-lagos-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const held = await waitFor(() => edge.take('/api/auth/reset-password'));
    expect(held.body).toEqual({ token: 'abc', newPassword: 'a-new-lagos-passphrase' });
  });
});
