/**
 * The company side in Chromium at 375 px against the real server, with only the mail
 * server and hCaptcha stood in at their network edge: an invited company signs up (the e-mailed
 * code), finds a rider by search and requests them; the rider accepts on a phone and sees the
 * company's contact; the company sees the rider's, ends the engagement and reviews; the rider's
 * review publishes both together; the rider's Job Success appears with this third reviewed job,
 * on the dashboard, in search and on the public page.
 *
 * What the browser cannot make (the invitation from the console, a listed rider, two earlier
 * reviewed jobs with other companies) is written to the run's PostgreSQL database first, through
 * the server's own modules; without PostgreSQL the journey is skipped, loudly.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/passwords';
import { recomputeRiderReputation } from '../../src/server/domain/reputation';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import { messages } from '../../src/shared/messages';
import { baseURL, databaseUrl, expectNoViolations, screenshotsDir, uniqueEmail, useBrowser, waitForScreenHydrated } from './browser';
import { chooseOption } from './combobox';

const mailInboxUrl = inject('mailInboxUrl');
const browser = useBrowser();
const PASSWORD = 'okada-at-first-light-77';
const DAY = 24 * 60 * 60 * 1000;

if (!databaseUrl) console.warn('\n!!! No PostgreSQL for the browser layer: the company journey is SKIPPED !!!\n');

const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null;
const db = pool ? (drizzle(pool, { schema }) as unknown as Db) : null;
afterAll(async () => {
  await pool?.end();
});

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool!.query(text, values)).rows as T[];
}

/** A waitlist entry with a live invitation, as the console makes them: the link's token. */
async function invitation(companyName: string, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [entry] = await sql<{ id: string }>(
    `insert into waitlist_entries (company_name, email, features, status) values ($1, $2, 'Riders for Lekki', 'invited') returning id`,
    [companyName, email],
  );
  await sql(`insert into company_invitations (waitlist_entry_id, token_hash, expires_at) values ($1, $2, now() + interval '7 days')`, [
    entry!.id,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return token;
}

/** A rider who finished sign-up in Lagos (Ikeja), listed for companies. */
async function listedRider(label: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const rider = { username: `tunde_${label}_${tag}`, email: uniqueEmail(`rider-${label}`).toLowerCase(), firstName: 'Tunde', lastName: 'Bakare' };
  const [row] = await sql<{ id: string }>(
    `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, phone, state, town,
       introduction, bio, first_name, last_name)
     values ($1, $2, $3, 1, 1, 5, now(), '+2348031234567', 'Lagos', 'Ikeja', $4, $5, 'Tunde', 'Bakare') returning id`,
    [
      rider.username,
      rider.email,
      await hashPassword(PASSWORD),
      `Okada dispatch rider ${tag}, Ikeja and Ogba`,
      'Five years of same-day parcel delivery across the mainland.',
    ],
  );
  await sql(`insert into personal_info (user_id, total_years_of_experience, languages_spoken, education) values ($1, '3-5', 'English, Yoruba', 'Secondary')`, [row!.id]);
  await refreshRiderCard(db!, row!.id);
  return { ...rider, id: row!.id, tag };
}

/** An earlier job with another company, ended 20 days ago, both reviews written (published). */
async function earlierReviewedJob(riderId: string, rating: number) {
  const [company] = await sql<{ id: string }>(
    `insert into users (username, email, user_type, profile_completed) values ($1, $2, 2, 1) returning id`,
    [`earlier-${randomBytes(4).toString('hex')}`, uniqueEmail('earlier-co').toLowerCase()],
  );
  await sql(`insert into companies (user_id, company_name, contact_person) values ($1, 'Earlier Foods Ltd', 'Ngozi')`, [company!.id]);
  const ended = new Date(Date.now() - 20 * DAY);
  const [engagement] = await sql<{ id: string }>(
    `insert into engagements (company_id, rider_id, role, state, town, start_date, pay_note, status, expires_at, responded_at, ended_at,
       ended_by, end_outcome, review_deadline, reviews_published_at, created_at)
     values ($1, $2, 'Dispatch rider', 'Lagos', 'Ikeja', '2026-01-05', '₦100,000 a month', 'ended', $3, $3, $4, 'company', 'completed', $5, $4, $3)
     returning id`,
    [company!.id, riderId, new Date(Date.now() - 90 * DAY), ended, new Date(ended.getTime() + 14 * DAY)],
  );
  await sql(
    `insert into reviews (engagement_id, author_role, author_id, subject_id, rating, comment, would_hire_again)
     values ($1, 'company', $2, $3, $4, 'Always on time.', true), ($1, 'rider', $3, $2, 5, 'Paid on time.', null)`,
    [engagement!.id, company!.id, riderId, rating],
  );
}

async function codeFromMail(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailInboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as Array<{ subject: string; text: string }>;
        code = mails
          .filter((m) => /code/i.test(m.subject))
          .map((m) => /\b(\d{4})\b/.exec(m.text)?.[1])
          .filter(Boolean)
          .at(-1);
        return code !== undefined;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return code!;
}

/** A screenshot to look at, and the checks every screen must pass: axe, no sideways scroll. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(screenshotsDir, `company-${name}-375.png`), fullPage: true });
  await expectNoViolations(page, `company ${name} at 375px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

async function logIn(page: Page, email: string, type: 'Rider' | 'Company') {
  await page.goto('/login');
  await waitForScreenHydrated(page);
  await page.getByLabel('Login type').selectOption({ label: type });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'I am human' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe.skipIf(!databaseUrl)('the company side, end to end at 375 px', () => {
  it('an invited company signs up, searches, requests a rider; the rider accepts; the engagement ends; both review; the reviews appear together; the score appears with the third', async () => {
    const rider = await listedRider('journey');
    await earlierReviewedJob(rider.id, 5);
    await earlierReviewedJob(rider.id, 4);
    await recomputeRiderReputation(db!, rider.id);
    const companyEmail = uniqueEmail('lekki-bakes').toLowerCase();
    const companyName = `Lekki Bakes ${rider.tag}`;
    const token = await invitation(companyName, companyEmail);

    // ── The company signs up from its invitation ──
    const company = await browser.open('phone');
    await company.goto(`/company-signup?invite=${token}`);
    await company.getByRole('heading', { name: 'Company sign-up' }).waitFor();
    expect(await company.getByLabel('Company name').inputValue()).toBe(companyName);
    expect(await company.getByLabel('Email').inputValue()).toBe(companyEmail);
    await company.getByLabel('Contact person').fill('Funmi Adebayo');
    await company.getByLabel('Phone').fill('08039876543');
    await company.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await company.getByLabel('Business address').fill('12 Admiralty Way');
    await chooseOption(company.getByRole('combobox', { name: 'State', exact: true }), 'Lagos', 'lag');
    await chooseOption(company.getByRole('combobox', { name: 'Area', exact: true }), 'Eti-Osa', 'eti osa');
    await company.getByRole('button', { name: 'I am human' }).click();
    await shoot(company, '1-signup');
    await company.getByRole('button', { name: 'Create company account' }).click();
    await company.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await shoot(company, '2-code');
    await company.getByLabel('Verification code').fill(await codeFromMail(companyEmail));
    await company.getByRole('button', { name: 'Verify email' }).click();
    await company.waitForURL(`${baseURL}/company-dashboard`, { timeout: 20_000 });

    // ── It finds the rider (New rider: two reviewed jobs so far) and requests them ──
    const filters = company.getByRole('button', { name: messages.searchFilters, exact: true });
    await company.getByRole('heading', { name: messages.searchHeading }).waitFor();
    if (await filters.isVisible()) await filters.click();
    await company.getByLabel(messages.searchLabels.q).fill(`dispatch ${rider.tag}`);
    await company.getByRole('button', { name: messages.searchSubmit, exact: true }).click();
    const result = company.getByRole('link', { name: messages.searchViewProfile('Tunde B.') });
    await result.waitFor();
    expect(await company.locator('main').innerText()).toContain(messages.newRider);
    await shoot(company, '2-search');
    await result.click();
    await company.waitForURL(new RegExp(`/company-dashboard/riders/${rider.username}$`));
    expect(await company.locator('main').innerText()).not.toContain(rider.email);
    await company.getByRole('button', { name: messages.hireRequestThisRider }).click();
    await company.getByLabel(messages.hireLabels.role).fill('Dispatch rider, Lekki routes');
    await chooseOption(company.getByRole('combobox', { name: messages.hireLabels.state, exact: true }), 'Lagos');
    await chooseOption(company.getByRole('combobox', { name: messages.hireLabels.town, exact: true }), 'Eti-Osa', 'osa');
    await company.getByLabel(messages.hireLabels.start_date).fill(new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10));
    await company.getByLabel(messages.hireLabels.pay_note).fill('₦120,000 a month plus fuel');
    await shoot(company, '3-request');
    await company.getByRole('button', { name: messages.hireSendRequest }).click();
    await company.getByText(messages.hireRequestSent('Tunde B.')).first().waitFor();
    // Before the rider accepts the company knows them as "Tunde B." only.
    await company.getByRole('heading', { level: 1, name: /^Tunde B\./ }).waitFor();
    expect(await company.locator('main').innerText()).not.toContain(rider.lastName);

    // ── The rider accepts on a phone and sees the company's contact ──
    const phone = await browser.open('phone');
    await logIn(phone, rider.email, 'Rider');
    await phone.waitForURL(`${baseURL}/rider-dashboard`);
    await phone.getByText(messages.hireCompanyRequests(companyName)).waitFor();
    await shoot(phone, '4-rider-request');
    await phone.getByRole('button', { name: messages.hireAccept }).click();
    await phone.getByRole('link', { name: messages.hireWhatsApp }).first().waitFor();
    expect(await phone.getByRole('link', { name: messages.hireWhatsApp }).first().getAttribute('href')).toBe('https://wa.me/2348039876543');

    // ── The company sees the rider's contact now, ends the engagement and reviews ──
    await company.goto('/company-dashboard/hires');
    await company.getByRole('link', { name: messages.hireWhatsApp }).first().waitFor();
    // Hired: the company reads the full name on its Hires list and on the rider's page.
    await company.getByRole('heading', { level: 2, name: 'Tunde Bakare' }).waitFor();
    await shoot(company, '4b-hires-full-name');
    expect(await company.getByRole('link', { name: messages.hireWhatsApp }).first().getAttribute('href')).toBe('https://wa.me/2348031234567');
    await company.goto(`/company-dashboard/riders/${rider.username}`);
    await company.getByRole('heading', { level: 1, name: /^Tunde Bakare/ }).waitFor();
    // A month of work goes by (a job counts once it lasted a week and can be "completed" only
    // after its start date: docs/companies.md).
    await sql(
      `update engagements set start_date = (now() - interval '30 days')::date, responded_at = now() - interval '30 days'
       where rider_id = (select id from users where username = $1) and status = 'active'`,
      [rider.username],
    );
    await company.goto('/company-dashboard/hires');
    await company.getByRole('button', { name: messages.hireEnd }).click();
    await company.getByLabel(messages.hireOutcomeLabels.completed).check();
    await company.getByRole('button', { name: messages.hireEndConfirm }).click();
    await company.getByRole('heading', { name: messages.reviewHeadingCompany }).waitFor();
    await company.getByRole('radio', { name: messages.reviewStar(5) }).check({ force: true });
    await company.getByLabel(messages.reviewCommentLabel).fill('Careful with the cakes, always on time.');
    await company.getByRole('radio', { name: messages.reviewYes }).check({ force: true });
    await company.getByRole('button', { name: messages.reviewSubmit }).click();
    await company.getByText(messages.reviewSaved).first().waitFor();
    await shoot(company, '5-review-written');

    // Double-blind: the rider does not see the company's review before writing theirs.
    await phone.reload();
    // The window under this engagement (the two earlier jobs have theirs, published).
    const window = phone.getByRole('region', { name: new RegExp(`^${messages.reviewHeadingRider}.*${companyName}`) });
    await window.waitFor();
    expect(await phone.locator('main').innerText()).not.toContain('Careful with the cakes');
    await window.getByRole('radio', { name: messages.reviewStar(5) }).check({ force: true });
    await window.getByLabel(messages.reviewCommentLabel).fill('Clear directions and paid on the day.');
    await window.getByRole('button', { name: messages.reviewSubmit }).click();
    // Both published together: the rider now reads the company's review.
    await window.getByText('Careful with the cakes, always on time.').first().waitFor();
    await shoot(phone, '6-reviews-published');

    // ── The score appears with the third reviewed job: dashboard, search and public page ──
    await phone.reload();
    await phone.getByText(messages.jobSuccessScore(100)).first().waitFor();
    await phone.getByText(messages.jobSuccessBasis(3)).first().waitFor();
    await shoot(phone, '7-rider-score');

    await company.goto(`/company-dashboard?q=${encodeURIComponent(`dispatch ${rider.tag}`)}`);
    await company.getByRole('link', { name: messages.searchViewProfile('Tunde B.') }).waitFor();
    await company.getByText(messages.jobSuccessScore(100)).first().waitFor();

    const publicPage = await (await fetch(`${baseURL}/riders/${rider.username}`)).text();
    expect(publicPage).toContain(messages.jobSuccessScore(100));
    expect(publicPage).toContain('Careful with the cakes, always on time.');
    expect(publicPage).not.toContain(rider.email);
    // A stranger reads the display name: the page, its title and its link preview.
    expect(publicPage).toContain('<h1 id="rider-name">Tunde B.</h1>');
    expect(publicPage).toMatch(/<title>Tunde B\.: dispatch rider/);
    expect(publicPage).toContain('<meta property="og:title" content="Tunde B. · Dispatch rider');
    expect(publicPage).not.toContain(rider.lastName);
  }, 240_000);
});
