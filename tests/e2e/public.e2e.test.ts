/**
 * The public screens in Chromium against the built app and the real server:
 * axe-core finds no WCAG 2.2 A/AA violation on any public page at 375 and 1280 px (and with the
 * phone menu open, the footer unfolded and a card flipped); every header, footer and phone-menu
 * link goes where it says; the phone menu, the footer sections and the flip cards work by
 * pointer and by keyboard; nothing spills sideways at 320 px. Full-page screenshots of every
 * page at both widths go to test-results/screenshots/ for a person to look at.
 *
 * The signed-in profile dropdown is not tested here: there is no sign-in yet.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COPYRIGHT_START_YEAR, POLICY_EFFECTIVE_DATE } from '../../src/shared/constants';
import { paths } from '../../src/shared/routes';
import { messages } from '../../src/shared/messages';
import { site, whatsappUrl } from '../../src/shared/site';
import { baseURL, expectNoViolations, holdScripts, screenshotsDir, useBrowser, VIEWPORTS, waitForScreenHydrated, type ViewportName } from './browser';


/** Every page a visitor can reach without signing in that this issue builds, plus the 404 page. */
const PAGES: Array<{ name: string; path: string }> = [
  { name: 'home', path: paths.home },
  { name: 'about-us', path: paths.aboutUs },
  { name: 'contact-us', path: paths.contactUs },
  { name: 'company-waitlist', path: paths.companyWaitlist },
  { name: 'privacy-policy', path: paths.privacyPolicy },
  { name: 'terms-and-conditions', path: paths.termsAndConditions },
  { name: 'company-signup', path: paths.companySignup },
  { name: 'not-found', path: '/no-such-page' },
];

const PUBLIC_LINKS = [
  { label: 'Home', path: paths.home },
  { label: 'About Us', path: paths.aboutUs },
  { label: 'Privacy Policy', path: paths.privacyPolicy },
  { label: 'Terms and Conditions', path: paths.termsAndConditions },
  { label: 'Contact Us', path: paths.contactUs },
] as const;

const browser = useBrowser();

/** Waits until the route's heading is shown and React has hydrated (or rendered) the screen. */
async function ready(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  await waitForScreenHydrated(page);
}

async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route, { waitUntil: 'networkidle' });
  await ready(page);
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const footer = (page: Page) => page.locator('footer');

describe('accessibility: axe-core finds no WCAG 2.2 A/AA violation', () => {
  for (const viewport of ['phone', 'desktop'] as const satisfies readonly ViewportName[]) {
    const width = VIEWPORTS[viewport].width;
    it(`on every public page at ${width}px (and screenshots each one)`, async () => {
      const page = await browser.open(viewport);
      for (const { name, path: route } of PAGES) {
        await visit(page, route);
        if (viewport === 'phone') await page.locator('.shell[data-mobile="true"]').waitFor();
        await expectNoViolations(page, `${route} at ${width}px`);
        expect(await sidewaysOverflow(page), `${route} spills sideways at ${width}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
      }
    });
  }

  it('with the phone menu open, the footer sections unfolded and a card flipped', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.home);
    await page.locator('.shell[data-mobile="true"]').waitFor();
    for (const name of ['Contact Us', 'Links']) await footer(page).getByRole('button', { name }).click();
    await page.getByRole('button', { name: 'Flip card: Speed' }).click();
    await expectNoViolations(page, 'home with the footer unfolded and a card flipped at 375px');

    await menuButton(page).click();
    await menu(page).waitFor({ state: 'visible' });
    await expectNoViolations(page, 'home with the phone menu open at 375px');
    await page.screenshot({ path: path.join(screenshotsDir, 'menu-open-375.png') });
  });

  it('with the map shown on Contact Us', async () => {
    const page = await browser.open('desktop');
    await page.route('https://www.openstreetmap.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Map</title><p>Map</p></html>' }),
    );
    await visit(page, paths.contactUs);
    await page.getByRole('button', { name: 'Show map' }).click();
    await page.locator('iframe').waitFor();
    await expectNoViolations(page, '/contact-us with the map shown');
  });
});

describe('no sideways scrolling at 320px', () => {
  it('on every public page, with the footer unfolded', async () => {
    const page = await browser.open('phone');
    await page.setViewportSize({ width: 320, height: 640 });
    for (const { path: route } of PAGES) {
      await visit(page, route);
      await page.locator('.shell[data-mobile="true"]').waitFor();
      for (const name of ['Contact Us', 'Links']) await footer(page).getByRole('button', { name }).click();
      expect(await sidewaysOverflow(page), `${route} spills sideways at 320px`).toBeLessThanOrEqual(0);
    }
  });

  it('the desktop bar fits just above the breakpoint (790px)', async () => {
    const page = await browser.open('desktop');
    await page.setViewportSize({ width: 790, height: 700 });
    await visit(page, paths.home);
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshotsDir, 'header-790.png') });
  });
});

describe('header (desktop)', () => {
  it('shows the logo, the five public links and Login, and no menu button', async () => {
    const page = await browser.open('desktop');
    await visit(page, paths.aboutUs);
    const names = await mainNav(page).getByRole('link').allInnerTexts();
    expect(names.map((n) => n.trim())).toEqual([...PUBLIC_LINKS.map((l) => l.label), 'Login']);
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(await page.locator('.shell').getAttribute('data-mobile')).toBe('false');
    // Signed out: no profile picture.
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    await page.getByRole('link', { name: `${site.name} home` }).click();
    await page.waitForURL(`${baseURL}/`);
  });

  it('every link goes to its page and is then the one marked current', async () => {
    const page = await browser.open('desktop');
    await visit(page, paths.termsAndConditions);
    for (const link of PUBLIC_LINKS) {
      await mainNav(page).getByRole('link', { name: link.label, exact: true }).click();
      await page.waitForURL(`${baseURL}${link.path}`);
      await ready(page);
      const current = mainNav(page).locator('[aria-current="page"]');
      expect(await current.allInnerTexts(), `current link on ${link.path}`).toEqual([link.label]);
    }
    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${baseURL}${paths.login}`);
  });

  // The signed-in dropdown (round picture, Dashboard and Logout, closing on a click outside)
  // needs a signed-in user: the auth change tests it.
  it.todo('signed in: the profile picture opens Dashboard and Logout; a click outside or Escape closes it');
});

describe('phone menu', () => {
  it('opens from the right with the same links and Login, and each link closes it and changes the page', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.privacyPolicy);
    expect(await mainNav(page).isVisible()).toBe(false);
    for (const link of [...PUBLIC_LINKS, { label: 'Login', path: paths.login }]) {
      if (pathname(page) === paths.login) await visit(page, paths.privacyPolicy);
      await menuButton(page).click();
      await menu(page).waitFor({ state: 'visible' });
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
      // It slides in on the right and focus is inside it.
      const panel = await menu(page).locator('.mobile-menu-panel').boundingBox();
      expect(panel!.x + panel!.width).toBeGreaterThanOrEqual(VIEWPORTS.phone.width - 1);
      expect(panel!.x).toBeGreaterThan(0);
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
      const names = await menu(page).getByRole('navigation', { name: 'Mobile' }).getByRole('link').allInnerTexts();
      expect(names.map((n) => n.trim())).toEqual([...PUBLIC_LINKS.map((l) => l.label), 'Login']);

      await menu(page).getByRole('link', { name: link.label, exact: true }).click();
      await menu(page).waitFor({ state: 'hidden' });
      await page.waitForURL(`${baseURL}${link.path}`);
      expect(pathname(page)).toBe(link.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
  });

  it('closes on the close icon and on Escape, and gives focus back to the menu button', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.home);
    await menuButton(page).click();
    await menu(page).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    await menu(page).getByRole('button', { name: 'Close menu' }).click();
    await menu(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    // Opened again at once: the browser delivers the close's event at a later frame, often after
    // this Enter; the menu must stay open (it closed again in about half the runs before).
    await page.keyboard.press('Enter');
    await menu(page).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(pathname(page)).toBe(paths.home);

    // Closed and opened again in quick succession, each tap in a task of its own: it stays open.
    // (The Enter above is what caught the late close event; this pair by script passed before
    // the fix too, so it guards the quick toggle, not that event.)
    await menuButton(page).click();
    await menu(page).waitFor({ state: 'visible' });
    await page.evaluate(async () => {
      const button = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
      button('Close menu').click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (document.querySelector('dialog')?.open) throw new Error('the menu did not close');
      button('Open menu').click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await menu(page).isVisible()).toBe(true);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
  });

  it('closes when the window widens past the breakpoint', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.home);
    await menuButton(page).click();
    await menu(page).waitFor({ state: 'visible' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await menu(page).waitFor({ state: 'hidden' });
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await page.locator('.shell').getAttribute('data-mobile')).toBe('false');
  });
});

describe('footer', () => {
  it('on desktop: the aim, the Ogba address, contact links, the five links (scrolling to the top) and the copyright', async () => {
    const page = await browser.open('desktop');
    await visit(page, paths.privacyPolicy);
    const f = footer(page);
    const text = await f.innerText();
    expect(text).toContain(site.aim);
    expect(text).toContain(site.address);
    expect(text).toContain(`copyright ${COPYRIGHT_START_YEAR}–${new Date().getFullYear()}`);
    expect(await f.getByRole('button').count(), 'nothing folds on desktop').toBe(0);

    const href = (name: string | RegExp) => f.getByRole('link', { name }).getAttribute('href');
    expect(await href(`Call ${site.phoneDisplay}`)).toBe(`tel:${site.phoneE164}`);
    expect(await href('WhatsApp')).toBe(whatsappUrl());
    expect(whatsappUrl()).toMatch(/^https:\/\/wa\.me\/\d+$/);
    expect(await href(/^X/)).toBe(site.social.x);
    expect(await href('Instagram')).toBe(site.social.instagram);
    expect(await href(`E-mail ${site.email}`)).toBe(`mailto:${site.email}`);

    const links = f.getByRole('list').filter({ has: page.getByRole('link', { name: 'Terms and Conditions' }) });
    expect((await links.getByRole('link').allInnerTexts()).map((n) => n.trim())).toEqual(PUBLIC_LINKS.map((l) => l.label));
    // Start from a page that is not linked first, so each click is a real change of page, then
    // click the current page's own link: both end at the top.
    for (const link of [...PUBLIC_LINKS, PUBLIC_LINKS[4]]) {
      // Scrolled down again on each try: the page reached last may still be taking its place
      // (the router's own scroll to the top when it has).
      await expect
        .poll(() =>
          page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            return window.scrollY;
          }),
        )
        .toBeGreaterThan(0);
      await links.getByRole('link', { name: link.label, exact: true }).click();
      await page.waitForURL(`${baseURL}${link.path}`);
      await ready(page);
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: `scroll after ${link.label}` }).toBe(0);
    }
  });

  it('on a phone: Contact Us and Links fold and unfold', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.aboutUs);
    await page.locator('.shell[data-mobile="true"]').waitFor();
    const f = footer(page);
    expect(await f.innerText()).toContain(site.address);
    for (const [name, inside] of [
      ['Contact Us', 'Instagram'],
      ['Links', 'Terms and Conditions'],
    ] as const) {
      const button = f.getByRole('button', { name });
      const link = f.getByRole('link', { name: inside });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await link.isVisible()).toBe(false);
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await link.isVisible()).toBe(true);
      await button.press('Enter');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await link.isVisible()).toBe(false);
    }
    await f.getByRole('button', { name: 'Links' }).click();
    await f.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${baseURL}${paths.privacyPolicy}`);
    await ready(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('home', () => {
  it('has the hero, the three service cards, Quick Enquiry, four flip cards and the newsletter', async () => {
    const page = await browser.open('desktop');
    await visit(page, paths.home);
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(paths.login);
    expect(await page.getByRole('link', { name: 'Register Here' }).getAttribute('href')).toBe(paths.riderSignup);
    expect(await page.getByRole('link', { name: 'Request for quotation' }).getAttribute('href')).toBe(paths.sendParcel);
    expect(await page.getByRole('link', { name: 'Join the waitlist here' }).getAttribute('href')).toBe(paths.companyWaitlist);
    expect(await page.getByRole('form', { name: 'Quick Enquiry' }).isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: 'Subscribe to our newsletter' }).isVisible()).toBe(true);
    for (const title of ['Reliability', 'Speed', 'Affordable', 'More than just deliveries']) {
      expect(await page.getByRole('heading', { level: 3, name: title, exact: true }).isVisible(), title).toBe(true);
    }
    // No image heavier than a few kB and no web font.
    const fonts = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\.(woff2?|ttf|otf)$/.test(r.name)).length);
    expect(fonts).toBe(0);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${baseURL}${paths.login}`);
  });

  it('keeps what a visitor typed before the page came alive (scripts load after the first paint)', async () => {
    const page = await browser.open('phone');
    // Scripts held as on a slow phone network, so the visitor types into the prerendered form first.
    const release = await holdScripts(page);
    // Not waiting for the load event: the held scripts hold it too.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Subscribe to our newsletter' }) });
    await form.getByLabel('Email').fill('early.bird@example.com');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    release();
    await waitForScreenHydrated(page);
    await expect.poll(() => form.getByLabel('Email').inputValue()).toBe('early.bird@example.com');
    // The focus it got before then loads the captcha as a focus does (spec §4's widget, on first use).
    await form.getByRole('button', { name: 'I am human' }).waitFor();
    // The form's machine heard it: Subscribe asks only for the captcha, not for an e-mail.
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual([messages.completeCaptcha]);
  });

  it('a Send pressed or the phone menu tapped before the page came alive still happens, and nothing typed goes into the address', async () => {
    const page = await browser.open('phone');
    const release = await holdScripts(page);
    // Not waiting for the load event: the held scripts hold it too.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Quick Enquiry' });
    await form.getByLabel('Name').fill('Ada Early');
    await form.getByLabel('Email').fill('ada.early@example.com');
    await form.getByLabel('Message').fill('Two parcels from Yaba to Lekki, please.');
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    // No native submit: the page did not go to "/?name=Ada+Early&email=…".
    expect(page.url()).toBe(`${baseURL}/`);
    release();
    await waitForScreenHydrated(page);
    // The form's machine got the press, after the words: it asks for what is still missing.
    await expect.poll(() => form.getByRole('alert').count()).toBeGreaterThan(0);
    expect(await form.getByLabel('Name').inputValue()).toBe('Ada Early');
    expect(await form.getByText(messages.completeCaptcha).count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${baseURL}/`);

    const other = await browser.open('phone');
    const releaseOther = await holdScripts(other);
    await other.goto(paths.aboutUs, { waitUntil: 'domcontentloaded' });
    await menuButton(other).click();
    expect(await other.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    releaseOther();
    await waitForScreenHydrated(other);
    await menu(other).waitFor();
    expect(await menu(other).isVisible()).toBe(true);
  });

  it('flip cards turn over by keyboard (Enter and Space) and by a tap', async () => {
    const page = await browser.open('desktop');
    await visit(page, paths.home);
    const card = (title: string) => page.locator('.flip-card', { has: page.getByRole('heading', { name: title, exact: true }) });
    const button = page.getByRole('button', { name: 'Flip card: Reliability' });
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await card('Reliability').locator('.flip-back').getAttribute('aria-hidden')).toBe('true');

    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await card('Reliability').getAttribute('class')).toContain('is-flipped');
    expect(await card('Reliability').locator('.flip-back').getAttribute('aria-hidden')).toBe('false');
    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await card('Reliability').getAttribute('class')).not.toContain('is-flipped');

    // Tab reaches the next card's button, and Space turns it.
    await button.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Speed');
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: 'Flip card: Speed' }).getAttribute('aria-pressed')).toBe('true');

    // A tap anywhere on a card (phone width) turns it too.
    const phone = await browser.open('phone');
    await visit(phone, paths.home);
    const affordable = phone.locator('.flip-card', { has: phone.getByRole('heading', { name: 'Affordable', exact: true }) });
    await affordable.getByRole('heading', { name: 'Affordable' }).click();
    expect(await affordable.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    await phone.waitForTimeout(600);
    expect(await affordable.locator('.flip-back').isVisible()).toBe(true);
  });
});

describe('content pages', () => {
  it('About Us covers the mission, businesses, riders, same-day Lagos and Canada and the UK', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.aboutUs);
    const text = await page.locator('main').innerText();
    for (const heading of ['Our mission', 'For businesses', 'For riders']) {
      expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible(), heading).toBe(true);
    }
    for (const phrase of ['Same-day pickup and delivery', 'ratings', 'work history', 'quotes', 'Canada', 'United Kingdom', 'freelancer']) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it('Contact Us has the contact links, Get Quote, the address, Open in Maps and a map only on demand', async () => {
    const page = await browser.open('phone');
    const thirdParty: string[] = [];
    page.on('request', (r) => new URL(r.url()).origin !== baseURL && thirdParty.push(r.url()));
    await page.route('https://www.openstreetmap.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Map</title><p>Map</p></html>' }),
    );
    await visit(page, paths.contactUs);
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: `Call ${site.phoneDisplay}` }).getAttribute('href')).toBe(`tel:${site.phoneE164}`);
    expect(await main.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(whatsappUrl());
    expect(await main.getByRole('link', { name: `E-mail ${site.email}` }).getAttribute('href')).toBe(`mailto:${site.email}`);
    expect(await main.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(site.social.instagram);
    expect(await main.getByRole('link', { name: /^X/ }).getAttribute('href')).toBe(site.social.x);
    expect(await main.getByRole('form', { name: 'Get Quote' }).isVisible()).toBe(true);
    expect(await main.innerText()).toContain(site.address);
    const maps = await main.getByRole('link', { name: 'Open in Maps' }).getAttribute('href');
    expect(maps).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(site.address)}`);

    expect(await page.locator('iframe').count(), 'no map before it is asked for').toBe(0);
    expect(thirdParty, 'nothing from a third party at load').toEqual([]);
    await main.getByRole('button', { name: 'Show map' }).click();
    const frame = main.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('title')).toBe(`Map of ${site.address}`);
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
    // Our CSP lets OpenStreetMap's frame in (and only frames from there and hCaptcha).
    const response = await page.request.get(paths.contactUs);
    const frameSrc = (response.headers()['content-security-policy'] ?? '').split(';').find((d) => d.trim().startsWith('frame-src'));
    expect(frameSrc).toContain('https://www.openstreetmap.org');
  });

  it('the company waitlist explains that companies join by invitation and shows the form', async () => {
    const page = await browser.open('desktop');
    await visit(page, paths.companyWaitlist);
    expect(await page.locator('main').innerText()).toContain(messages.companyWaitlistLead);
    expect(await page.getByRole('form', { name: 'Join the waitlist' }).isVisible()).toBe(true);
  });

  it('company sign-up without an invitation says companies join by invitation and leads to the waitlist', async () => {
    const page = await browser.open('phone');
    await visit(page, paths.companySignup);
    expect(await page.locator('main').innerText()).toContain(messages.companyByInvitationLead);
    await page.getByRole('link', { name: 'Join the company waitlist' }).click();
    await page.waitForURL(`${baseURL}${paths.companyWaitlist}`);
  });

  it('the company dashboard sends a signed-out visitor to /login', async () => {
    const page = await browser.open('phone');
    await page.goto(paths.companyDashboard);
    await page.waitForURL(`${baseURL}${paths.login}`);
  });


  const legal: Array<{ route: string; phrases: string[] }> = [
    {
      route: paths.termsAndConditions,
      phrases: [
        'intermediary',
        'not an employer',
        '18 or older',
        'the greater of the fees you paid',
        '6 months',
        'NGN 10,000',
        'courts of Lagos State',
        '30 days',
        '24 hours after it was sent',
      ],
    },
    {
      route: paths.privacyPolicy,
      phrases: [
        'data controller',
        site.address,
        site.email,
        'Nigeria Data Protection Act 2023',
        'ID documents',
        'Newsletter',
        'waitlist',
        'Technical logs',
        'Lawful basis',
        'withdraw',
        'access',
        'corrected',
        'erased',
        'portability',
        'download their data and delete their account',
        '90 days',
        'Transfers outside Nigeria',
        '72 hours',
        'without undue delay',
        'Nigeria Data Protection Commission',
        'intermediary',
        '18 or older',
      ],
    },
  ];
  for (const { route, phrases } of legal) {
    it(`${route} has its effective date and every required point`, async () => {
      const page = await browser.open('desktop');
      await visit(page, route);
      const text = await page.locator('main').innerText();
      expect(text).toContain(`Effective date: ${POLICY_EFFECTIVE_DATE}`);
      for (const phrase of phrases) expect(text, phrase).toContain(phrase);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(8);
      // The contents list jumps to its section without leaving the page.
      const contents = page.getByRole('navigation', { name: 'Contents' });
      const last = contents.getByRole('link').nth(2);
      const target = (await last.getAttribute('href'))!;
      await last.click();
      expect(pathname(page)).toBe(route);
      await expect.poll(() => page.locator(target).evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    });
  }
});
