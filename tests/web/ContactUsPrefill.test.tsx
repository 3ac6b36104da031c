// @vitest-environment jsdom
/**
 * Contact Us from a rider's public page: /contact-us?rider=USERNAME starts the Get
 * Quote message as "I would like to hire rider USERNAME"; anything that is not a username
 * leaves the form empty.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import ContactUs, { riderQuoteMessage } from '../../src/web/routes/ContactUs';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('Contact Us ?rider=', () => {
  it('prefills the quote message naming the rider', async () => {
    window.history.replaceState(null, '', '/contact-us?rider=ada_rides');
    render(<ContactUs />);
    const message = screen.getByLabelText(/Message/) as HTMLTextAreaElement;
    await waitFor(() => expect(message.value).toBe(messages.quoteForRider('ada_rides')));
    expect(message.value).toBe('I would like to hire rider ada_rides');
  });

  it('leaves the message empty without a rider, or with something that is not a username', async () => {
    render(<ContactUs />);
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('');
    expect(riderQuoteMessage('')).toBeNull();
    expect(riderQuoteMessage('?rider=')).toBeNull();
    expect(riderQuoteMessage('?rider=%3Cscript%3E')).toBeNull();
    expect(riderQuoteMessage(`?rider=${'a'.repeat(65)}`)).toBeNull();
    expect(riderQuoteMessage('?rider=Ada.O-1')).toBe(messages.quoteForRider('Ada.O-1'));
  });
});
