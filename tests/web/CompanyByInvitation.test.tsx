// @vitest-environment jsdom
/**
 * /company-signup without an invitation: companies join by invitation, and the company
 * waitlist is how to get one (never "not open yet"). The real route component.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { paths } from '../../src/shared/routes';
import CompanySignup from '../../src/web/routes/CompanySignup';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
beforeAll(() => edge.install());
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
