/**
 * A signed-in company books from /send-a-parcel in Chromium at 375 px: its details are filled in
 * from its account, no captcha is asked, a saved pickup address fills the pickup (its area too),
 * and the drop-off it ticks "save" is kept for next time, with the recipient's e-mail (the booked
 * screen says so, and the company's list has it).
 */
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/passwords';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { paths } from '../../src/shared/routes';
import { baseURL, databaseUrl, expectNoViolations, loginThroughApi, screenshotsDir, uniqueEmail, useBrowser, waitForScreenHydrated } from './browser';
import { chooseOption } from './combobox';

const browser = useBrowser();
const PASSWORD = 'company-books-a-parcel';
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null;
if (!pool) console.warn('!!! no PostgreSQL for this run: the signed-in company booking is SKIPPED !!!');
afterAll(async () => {
  await pool?.end();
});
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> => (await pool!.query(text, values)).rows as T[];

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotsDir, `company-booking-${name}-375.png`), fullPage: true });
  await expectNoViolations(page, `company booking ${name} at 375px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

describe.skipIf(!pool)('a signed-in company sends a parcel', () => {
  it('finds its details filled, uses a saved pickup address, books without a captcha and keeps the new drop-off address', async () => {
    const email = uniqueEmail('company-books').toLowerCase();
    const [row] = await sql<{ id: string }>(
      `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, state, town)
       values ($1, $2, $3, 2, 1, 5, now(), 'Lagos', 'Ikeja') returning id`,
      [`books_co_${Math.random().toString(36).slice(2, 7)}`, email, await hashPassword(PASSWORD)],
    );
    await sql(`insert into companies (user_id, company_name, contact_person) values ($1, 'Allen Avenue Shoes Limited', 'Ngozi Eze')`, [row!.id]);
    await sql(
      `insert into company_saved_addresses (company_id, label, state, area, address, landmark, contact_name, contact_phone)
       values ($1, 'Shop', 'Lagos', 'Ikeja', '14 Allen Avenue', 'Opposite the Mobil filling station', 'Ngozi Eze', '+2348031234567')`,
      [row!.id],
    );
    const token = await loginThroughApi(email, PASSWORD, '2');

    const page = await browser.open('phone');
    await page.addInitScript((t) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.localStorage.setItem('authToken', t);
        window.sessionStorage.setItem('seeded', '1');
      }
    }, token);
    await page.goto(paths.sendParcel);
    await waitForScreenHydrated(page);
    // The account's saved addresses are offered once read.
    await page.getByLabel(b.useSaved.pickup).waitFor();

    // The saved pickup fills the area (the price depends on it).
    await page.getByLabel(b.useSaved.pickup).selectOption({ label: b.savedChoice('Shop', '14 Allen Avenue', 'Ikeja') });
    await chooseOption(page.getByRole('combobox', { name: b.labels['dropoff.area'] }), 'Lekki', 'lekki');
    await page.getByRole('radio', { name: b.sizes.small }).check();
    await page.getByRole('radio', { name: b.payments.cash_on_pickup }).check();
    await shoot(page, '1-trip');
    await page.getByRole('button', { name: b.getPrice }).click();
    await page.getByRole('heading', { name: b.quoteHeading }).waitFor();

    // The saved pickup's street and contact, and the account's details, are filled in.
    await page.getByText(b.companyNote).waitFor();
    expect(await page.getByLabel(b.labels['pickup.address']).inputValue()).toBe('14 Allen Avenue');
    expect(await page.getByLabel(b.labels['pickup.contact_name']).inputValue()).toBe('Ngozi Eze');
    expect(await page.getByLabel(b.labels['sender.email']).inputValue()).toBe(email);
    expect(await page.getByLabel(b.labels['sender.name']).inputValue()).not.toBe('');
    // This company's account has no phone yet: the sender's phone is typed.
    await page.getByLabel(b.labels['sender.phone']).fill('0803 123 4567');
    await page.getByLabel(b.labels['dropoff.address']).fill('5 Admiralty Way');
    await page.getByLabel(b.labels['dropoff.contact_name']).fill('Tunde Bello');
    await page.getByLabel(b.labels['dropoff.contact_phone']).fill('0812 345 6789');
    await page.getByLabel(b.labels['dropoff.contact_email']).fill('Tunde@Example.ng');
    await page.getByLabel(b.labels.description).fill('Two pairs of shoes');
    await page.getByRole('checkbox', { name: b.saveThis.dropoff }).check();
    await page.getByLabel(b.labels['dropoff.save_label']).fill('Lekki client');
    // A company is not asked to prove it is human.
    expect(await page.getByRole('button', { name: 'I am human' }).count()).toBe(0);
    await shoot(page, '2-details');
    await page.getByRole('button', { name: b.book }).click();

    await page.getByRole('heading', { name: b.bookedHeading }).waitFor({ timeout: 20_000 });
    await page.getByText(b.addressSaved(1)).waitFor({ timeout: 20_000 });
    const reference = (await page.locator('.send-reference').innerText()).trim();
    expect(reference).toMatch(/^OGB-[0-9A-Z]{5}$/);
    await shoot(page, '3-booked');

    // The company's own records: the booking is its, and the drop-off is saved beside the shop.
    const headers = { 'x-auth-token': token };
    const list = (await (await fetch(`${baseURL}/api/companies/me/addresses`, { headers })).json()) as { addresses: Array<{ label: string; contact_email: string }> };
    const saved = list.addresses.map((a) => [a.label, a.contact_email]).sort();
    expect(saved).toEqual([
      ['Lekki client', 'tunde@example.ng'],
      ['Shop', ''],
    ]);
    const mine = await (await fetch(`${baseURL}/api/companies/me/deliveries`, { headers })).text();
    expect(mine).toContain(reference);
  });
});
