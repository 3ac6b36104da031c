// @vitest-environment jsdom
/**
 * Sign-up step 5 in the real wizard view, from a real snapshot at the agreement (the
 * AgreementEditing story): the agreement's main points in plain words come first, labelled as a
 * summary that does not replace the agreement; the full text follows, unchanged, in its own
 * scrolling region; axe finds nothing.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINIMUM_AGE } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { RiderAgreement } from '../../src/web/features/signup/RiderAgreement';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/SignupWizard.stories';
import { storyRider } from '../../storybook/support/signupSnapshots';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

const { AgreementEditing } = composeStories(stories);

describe('the rider agreement in short (sign-up step 5)', () => {
  it('opens with 5 to 7 plain points, labelled as a summary that does not replace the agreement', async () => {
    render(<AgreementEditing />);
    const summary = await screen.findByRole('region', { name: messages.agreementSummaryHeading });
    expect(within(summary).getByText(messages.agreementSummaryNote)).toBeTruthy();
    const points = within(summary).getAllByRole('listitem').map((li) => li.textContent);
    expect(points).toEqual([...messages.agreementSummary(MINIMUM_AGE)]);
    expect(points.length).toBeGreaterThanOrEqual(5);
    expect(points.length).toBeLessThanOrEqual(7);
    // It names the main points: what the rider is, pay, ratings, ID checks, data, how to leave.
    const text = points.join(' ');
    for (const word of ['not your employer', 'price', 'rate your work', 'check your ID', 'Privacy Policy', 'deleting your account']) expect(text).toContain(word);
  });

  it('comes above the full text, which stays word for word in its own region', async () => {
    render(<AgreementEditing />);
    const summary = await screen.findByRole('region', { name: messages.agreementSummaryHeading });
    const full = screen.getByRole('region', { name: 'Rider agreement text' });
    expect(summary.compareDocumentPosition(full) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(full.contains(summary)).toBe(false);
    // The full text is the agreement alone, exactly as RiderAgreement renders it: nothing of the summary in it.
    const alone = document.createElement('div');
    document.body.appendChild(alone);
    const { unmount } = render(<RiderAgreement email={storyRider.email} />, { container: alone });
    expect(full.textContent).toBe(alone.textContent);
    unmount();
    for (const point of messages.agreementSummary(MINIMUM_AGE)) expect(full.textContent).not.toContain(point);
  });

  it('has no axe violations', async () => {
    render(<AgreementEditing />);
    await screen.findByRole('region', { name: messages.agreementSummaryHeading });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
