/**
 * Square pictures in Chromium, against the built app and the real server: a
 * rider changes their picture on the dashboard with a tall photo (red top half, blue bottom half),
 * recentres the square preview on its top with the keyboard, and uploads. The stored picture is
 * square and red (the top was kept); the header's avatar and the dashboard's picture are drawn
 * square, the portrait picture stored before pictures were squared too (the header's stood 40×53).
 */
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/passwords';
import { messages } from '../../src/shared/messages';
import { baseURL, databaseUrl, loginThroughApi, screenshotsDir, uniqueEmail, useBrowser } from './browser';

const PASSWORD = 'ogba-rides-at-dawn-42';
const browser = useBrowser();
const needsDatabase = databaseUrl === null;
if (needsDatabase) console.warn('!!! no PostgreSQL for this run: the square picture browser test is SKIPPED !!!');

/**
 * A rider who finished sign-up, made in the database (the wizard is another test's work), with a
 * portrait picture stored before pictures were squared (300×400).
 */
async function createRider(): Promise<string> {
  const email = uniqueEmail('square').toLowerCase();
  const legacy = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 11, g: 110, b: 79 } } }).webp().toBuffer();
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    const [user] = (
      await client.query<{ id: string }>(
        `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, state, town)
         values ($1, $2, $3, 1, 1, 5, now(), 'Lagos', 'Ikeja') returning id`,
        [`rider_sq_${Math.random().toString(36).slice(2, 8)}`, email, await hashPassword(PASSWORD)],
      )
    ).rows;
    const [file] = (
      await client.query<{ id: string }>(
        `insert into files (owner_id, kind, is_public, content_type, extension, original_name, size, data)
         values ($1, 'profile_image', true, 'image/webp', 'webp', 'old.webp', $2, $3) returning id`,
        [user!.id, legacy.length, legacy],
      )
    ).rows;
    await client.query('update users set picture_file_id = $1 where id = $2', [file!.id, user!.id]);
  } finally {
    await client.end();
  }
  return email;
}

/** Signs in through the API and opens the dashboard with the token stored. */
async function openDashboard(page: Page, email: string): Promise<void> {
  const token = await loginThroughApi(email, PASSWORD);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), token);
  await page.goto('/rider-dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** A 600×1200 JPEG: red top half, blue bottom half. */
async function tallPhoto(): Promise<Buffer> {
  const width = 600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(i < (width * height) / 2 ? [220, 0, 0] : [0, 0, 220], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

async function boxOf(page: Page, selector: string): Promise<{ width: number; height: number }> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return { width: Math.round(box!.width), height: Math.round(box!.height) };
}

describe('square profile pictures in the browser', () => {
  it.skipIf(needsDatabase)('a tall photo recentred on its top is stored square, and every avatar shows it square', async () => {
    const page = await browser.open('desktop');
    await openDashboard(page, await createRider());
    // The picture on file is a 300×400 portrait: still drawn square (it stood 40×53 in the header).
    const header = page.locator('.avatar-button .avatar');
    await expect.poll(() => header.getAttribute('src')).toMatch(/\/api\/files\//);
    await header.evaluate((img: HTMLImageElement) => img.decode());
    expect(await header.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([300, 400]);
    expect(await boxOf(page, '.avatar-button .avatar')).toEqual({ width: 40, height: 40 });
    const before = await boxOf(page, '.profile-picture');
    expect(before.width).toBe(before.height);

    await page.getByRole('button', { name: 'Profile picture' }).click();
    await page.getByRole('button', { name: 'Change picture' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload Profile Image' });
    await modal.getByLabel('Profile image').setInputFiles({ name: 'tall.jpg', mimeType: 'image/jpeg', buffer: await tallPhoto() });

    // The square preview: a vertical slider for a tall photo, centred, then Home: the top.
    const slider = modal.getByRole('slider', { name: messages.pictureFocusLabel });
    await expect.poll(() => slider.getAttribute('aria-orientation')).toBe('vertical');
    expect(await slider.getAttribute('aria-valuetext')).toBe('50% from the top');
    const preview = await boxOf(page, '.picture-crop');
    expect(preview.width).toBe(preview.height);
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuetext')).toBe('0% from the top');
    expect(await modal.getByRole('img', { name: 'Preview of the chosen picture' }).evaluate((img) => getComputedStyle(img).objectPosition)).toBe('50% 0%');
    // For a person to look at: the square, its round guide, the hint.
    await page.waitForTimeout(300); // the modal's slide-in
    await modal.screenshot({ path: path.join(screenshotsDir, 'square-picture-preview-desktop.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await modal.screenshot({ path: path.join(screenshotsDir, 'square-picture-preview-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/users/upload-profile-image'));
    await modal.getByRole('button', { name: 'Upload' }).click();
    const answer = (await (await uploaded).json()) as { picture: { url: string } };

    // Stored square, and red: the top half was kept.
    const stored = Buffer.from(await (await fetch(`${baseURL}/api${answer.picture.url}`)).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ width: 600, height: 600 });
    const { channels } = await sharp(stored).stats();
    expect(channels[0]!.mean).toBeGreaterThan(180);
    expect(channels[2]!.mean).toBeLessThan(40);

    // Every avatar on the page is drawn square: the header's (40×40) and the dashboard's.
    await expect.poll(() => page.locator('.profile-picture').getAttribute('src')).toBe(`/api${answer.picture.url}`);
    await expect.poll(() => page.locator('.avatar-button .avatar').getAttribute('src')).toContain(answer.picture.url);
    await page.locator('.avatar-button .avatar').evaluate((img: HTMLImageElement) => img.decode());
    expect(await boxOf(page, '.avatar-button .avatar')).toEqual({ width: 40, height: 40 });
    const picture = await boxOf(page, '.profile-picture');
    expect(picture.width).toBe(picture.height);
  });
});
