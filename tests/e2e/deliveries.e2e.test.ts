/**
 * "Send a parcel" in Chromium at 375 px against the real server, with only the mail server and
 * hCaptcha stood in at their network edge: a visitor prices Ikeja → Lekki (the estimate while
 * typing, then the held price line by line), books with cash on delivery, receives the e-mail in
 * the dev mailbox with the reference and the tracking link (and the recipient, whose e-mail was
 * given, theirs with the link and the sender's name only), opens the link (the server's page, no
 * app bundle) and sees the reference, the status and the route, the WhatsApp share and the cancel
 * form, and none of the phone numbers or e-mail addresses. Each
 * screen passes axe and has no sideways scroll at 375 px; the booking screen neither at 320 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { deliveryMessages } from '../../src/shared/deliveries/messages';
import { recipientMessages } from '../../src/shared/deliveries/recipientMessages';
import { trackingMessages as tm } from '../../src/shared/deliveries/trackingMessages';
import { paths } from '../../src/shared/routes';
import { expectNoViolations, screenshotsDir, uniqueEmail, useBrowser, waitForScreenHydrated } from './browser';
import { chooseOption } from './combobox';

const mailInboxUrl = inject('mailInboxUrl');
const browser = useBrowser();

/** A screenshot to look at, and the checks every screen must pass: axe, no sideways scroll. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(screenshotsDir, `deliveries-${name}-375.png`), fullPage: true });
  await expectNoViolations(page, `deliveries ${name} at 375px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

async function bookedMail(email: string, subject: (s: string) => boolean = (s) => s.startsWith('Booked')): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailInboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as Array<{ subject: string; text: string }>;
        mail = mails.find((m) => subject(m.subject));
        return mail !== undefined;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return mail!;
}

describe('send a parcel', () => {
  it('a visitor prices Ikeja → Lekki, books with cash on delivery, gets the e-mail and opens the tracking link', async () => {
    const email = uniqueEmail('ada-sender').toLowerCase();
    const recipientEmail = uniqueEmail('tunde-recipient').toLowerCase();
    const page = await browser.open('phone');
    await page.goto('/');
    await waitForScreenHydrated(page);
    // The home page's way in.
    expect(await page.getByRole('link', { name: 'Request for quotation' }).getAttribute('href')).toBe(paths.sendParcel);
    await page.getByRole('link', { name: b.title, exact: true }).first().click();
    await page.waitForURL(/\/send-a-parcel$/);
    await page.getByRole('heading', { level: 1, name: b.title }).waitFor();
    expect(await page.title()).toContain(b.title);

    // ── The trip, with an estimate while typing ──
    await chooseOption(page.getByRole('combobox', { name: b.labels['pickup.area'] }), 'Ikeja', 'ikeja');
    await chooseOption(page.getByRole('combobox', { name: b.labels['dropoff.area'] }), 'Lekki', 'lekki');
    await page.getByRole('radio', { name: b.sizes.medium }).check();
    await page.getByRole('radio', { name: b.payments.cash_on_delivery }).check();
    const estimate = page.getByText(/^Estimate: ₦[\d,]+$/);
    await estimate.waitFor();
    const estimated = (await estimate.innerText()).replace('Estimate: ', '');
    await shoot(page, '1-trip');
    await page.getByRole('button', { name: b.getPrice }).click();

    // ── The held price, line by line ──
    await page.getByRole('heading', { name: b.quoteHeading }).waitFor();
    const lines = await page.locator('.send-breakdown li').allInnerTexts();
    expect(lines[0]).toMatch(/^Base fare ₦/);
    expect(lines.some((l) => /^\d+\.\d km ₦/.test(l))).toBe(true);
    expect(lines).toContain(`${deliveryMessages.labels.islandCrossing} ₦500`);
    expect(lines.some((l) => l.startsWith(deliveryMessages.labels.cashOnDelivery))).toBe(true);
    const total = (await page.locator('.send-total strong').innerText()).trim();
    // The estimate while typing was the server's price: the same function, the same rate card.
    expect(total).toBe(estimated);
    await page.getByText(/We hold this price until \d\d:\d\d/).waitFor();

    // ── The details, the captcha, book ──
    await page.getByLabel(b.labels['pickup.address']).fill('14 Allen Avenue');
    await page.getByLabel(b.labels['pickup.landmark'], { exact: false }).fill('Opposite the Mobil filling station');
    await page.getByLabel(b.labels['pickup.contact_name']).fill('Ada Okafor');
    await page.getByLabel(b.labels['pickup.contact_phone']).fill('0803 123 4567');
    await page.getByLabel(b.labels['dropoff.address']).fill('5 Admiralty Way');
    await page.getByLabel(b.labels['dropoff.contact_name']).fill('Tunde Bello');
    await page.getByLabel(b.labels['dropoff.contact_phone']).fill('0812 345 6789');
    await page.getByLabel(b.labels['dropoff.contact_email']).fill(recipientEmail);
    await page.getByLabel(b.labels.description).fill('A box of shoes');
    await page.getByLabel(b.labels['sender.name']).fill('Ada Okafor');
    await page.getByLabel(b.labels['sender.phone']).fill('0803 123 4567');
    await page.getByLabel(b.labels['sender.email']).fill(email);
    // A reload keeps everything typed and the held price (not a solved captcha: it is asked after).
    await page.reload();
    await page.getByRole('heading', { name: b.quoteHeading }).waitFor();
    expect(await page.getByLabel(b.labels['sender.email']).inputValue()).toBe(email);
    expect(await page.getByLabel(b.labels['dropoff.contact_email']).inputValue()).toBe(recipientEmail);
    expect(await page.getByLabel(b.labels['pickup.landmark'], { exact: false }).inputValue()).toBe('Opposite the Mobil filling station');
    expect((await page.locator('.send-total strong').innerText()).trim()).toBe(total);
    await page.getByLabel(b.labels.description).focus();
    await page.getByRole('button', { name: 'I am human' }).click();
    await shoot(page, '2-details');
    await page.getByRole('button', { name: b.book }).click();

    // ── Booked ──
    await page.getByRole('heading', { name: b.bookedHeading }).waitFor({ timeout: 20_000 });
    const reference = (await page.locator('.send-reference').innerText()).trim();
    expect(reference).toMatch(/^OGB-[0-9A-Z]{5}$/);
    const trackingUrl = await page.locator('.send-url a').getAttribute('href');
    expect(trackingUrl).toMatch(/\/track\/[^/]+$/);
    const share = await page.getByRole('link', { name: b.shareWhatsApp }).getAttribute('href');
    expect(share).toBe(`https://wa.me/?text=${encodeURIComponent(b.whatsAppText(reference, trackingUrl!))}`);
    await page.getByText(b.emailOnItsWay(email)).waitFor();
    await shoot(page, '3-booked');
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'sideways scroll at 320 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 375, height: 812 });

    // ── The e-mail in the dev mailbox ──
    const mail = await bookedMail(email);
    expect(mail.subject).toBe(deliveryMessages.bookedEmail.subject(reference));
    expect(mail.text).toContain(trackingUrl!);
    expect(mail.text).toContain(total);
    // The recipient's: the link, what is coming and from whom (the sender's name, never their phone or e-mail).
    const toRecipient = await bookedMail(recipientEmail, (s) => s === recipientMessages.bookedEmail.subject(reference));
    expect(toRecipient.text).toContain(trackingUrl!);
    expect(toRecipient.text).toContain(recipientMessages.bookedEmail.heading('Ada Okafor'));
    expect(toRecipient.text).toContain(recipientMessages.bookedEmail.from('Ada Okafor', 'Ikeja'));
    expect(toRecipient.text).toContain('A box of shoes');
    for (const secret of [email, '0803', '+234803']) expect(toRecipient.text, secret).not.toContain(secret);

    // ── The tracking link, opened as the recipient would ──
    const recipient = await browser.open('phone');
    // The page is the server's, not the app's: no app bundle, one small script of its own.
    const scripts: string[] = [];
    recipient.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await recipient.goto(new URL(trackingUrl!).pathname);
    await recipient.getByRole('heading', { level: 1, name: b.trackingTitle }).waitFor();
    await recipient.getByText(reference).waitFor({ timeout: 20_000 });
    const main = await recipient.locator('main').innerText();
    expect(main).toContain(b.statuses.booked);
    expect(main).toContain('Ikeja, Lagos');
    expect(main).toContain('Lekki, Lagos');
    expect(main).toContain(total);
    for (const secret of [email, recipientEmail, '0803', '0812', '+234', 'Allen Avenue', 'Tunde']) expect(main, secret).not.toContain(secret);
    expect(scripts).toEqual([expect.stringMatching(/^\/track-page\.[0-9a-f]+\.js$/)]);
    // Shared on WhatsApp with its own link; the sender may still cancel (no rider has it yet).
    expect(await recipient.getByRole('link', { name: tm.shareWhatsApp }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(tm.whatsAppText(reference, trackingUrl!))}`,
    );
    await recipient.getByRole('button', { name: tm.cancelButton }).waitFor();
    await shoot(recipient, '4-tracking');
  });

  it('the booking screen has no sideways scroll at 320 px', async () => {
    const page = await browser.open('narrow');
    await page.goto(paths.sendParcel);
    await page.getByRole('heading', { level: 1, name: b.title }).waitFor();
    // The app draws the fields a choice adds: measure the live page.
    await waitForScreenHydrated(page);
    await page.getByLabel(b.labels['dropoff.kind']).selectOption('abroad');
    await page.getByLabel(b.labels.when).selectOption('tomorrow');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
