// Prerenders the public pages into dist/web (DESIGN.md §8): readable before JavaScript runs,
// then hydrated by start.tsx (which src/web/boot/staged.ts loads). Pages behind sign-in and one-time
// flows keep the empty shell (src/web/boot/main.tsx starts them).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve('dist/web');
const ssrEntry = path.resolve('dist/ssr/entry-server.js');
const { render, pageMeta, notFoundMeta, prerenderPaths, prerenderedForms, signedOutForms, bookingForms, formQueryPages, BOOT_SCRIPT, EARLY_FETCH_SCRIPT, STORED_BOOKING_SCRIPT } = await import(
  pathToFileURL(ssrEntry).href
);
const template = readFileSync(path.join(web, 'index.html'), 'utf8');

// Vite's manifest: which files each screen's code is in (removed once read).
const manifestFile = path.join(web, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
/** Every chunk `key` imports, itself included, as manifest keys. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) closure(k, seen);
  return seen;
}
const first = closure('index.html');
/** The files of a lazy screen's code beyond the first chunks (none when it is in the first chunk). */
const screenFiles = (key) => [...closure(key)].filter((k) => !first.has(k)).map((k) => `/${manifest[k].file}`);
/**
 * The styles of a lazy screen's code beyond the first chunks', as stylesheets in <head>: the
 * prerendered HTML is drawn with them (the sign-in forms' own styles are in their screen's chunk;
 * left to the router's loader, the form would first paint unstyled and then jump).
 */
const screenStyles = (key) =>
  [...closure(key)]
    .filter((k) => !first.has(k))
    .flatMap((k) => manifest[k].css ?? [])
    .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
/** Each prerendered page's screen, as router.tsx loads it. */
const pageModules = {
  '/': 'routes/Home.tsx',
  '/about-us': 'routes/AboutUs.tsx',
  '/contact-us': 'routes/ContactUs.tsx',
  '/company-waitlist': 'routes/CompanyWaitlist.tsx',
  '/privacy-policy': 'routes/PrivacyPolicy.tsx',
  '/terms-and-conditions': 'routes/TermsAndConditions.tsx',
  '/login': 'routes/Login.tsx',
  '/rider-signup': 'routes/RiderSignup.tsx',
  '/forgot-password': 'routes/ForgotPassword.tsx',
  '/reset-password': 'routes/ResetPassword.tsx',
  '/company-signup': 'routes/CompanySignup.tsx',
  '/send-a-parcel': 'routes/SendParcel.tsx',
};

// A prerendered page asks for its scripts only after the browser has painted it. The
// entry's <script type="module"> and its <link rel="modulepreload">s leave <head>; the inline
// loader (src/shared/bootScript.ts, allowed by its hash in the CSP) requests the same files
// after the first paint.
const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
if (!entryTag) throw new Error('prerender: no entry <script type="module"> in dist/web/index.html');
const preloadTags = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
let prerenderTemplate = template.replace(entryTag[0], '');
for (const tag of preloadTags) prerenderTemplate = prerenderTemplate.replace(tag[0], '');
// The loader starts the app through src/web/boot/staged.ts, which evaluates the libraries and the
// app in steps (TBT), not through main.tsx, which evaluates them at once; it preloads
// the same chunks main.tsx imports (staged.ts imports them too, dynamically) and staged.ts' own.
const staged = manifest['boot/staged.ts'];
if (!staged?.isEntry) throw new Error("prerender: staged.ts is not an entry in Vite's manifest");
const stagedFiles = [...closure('boot/staged.ts')].filter((k) => k !== 'boot/staged.ts').map((k) => `/${manifest[k].file}`);
/** What the loader of a page whose screen is `route`'s asks for: the first chunks and the screen's own files at once. */
const loaderAttributes = (route) =>
  `data-app="/${attr(staged.file)}" data-preload="${attr([...new Set([...preloadTags.map((t) => t[1]), ...stagedFiles, ...screenFiles(pageModules[route] ?? '')])].join(' '))}"`;
const loader = (route) => `<script ${loaderAttributes(route)}>${BOOT_SCRIPT}</script>\n  </body>`;

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(html, meta, route) {
  // Inline scripts are refused by our CSP; the router's scroll-restoration script is not needed.
  let body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  // React hoists resource hints (<link rel="preload">) into the rendered markup; they belong in
  // <head>, and left in #root they would not match the client's first render.
  const hints = body.match(/<link\b[^>]*>/g) ?? [];
  body = body.replace(/<link\b[^>]*>/g, '');
  return prerenderTemplate
    .replace('</body>', () => loader(route))
    .replace('</head>', `${[...(pageModules[route] ? screenStyles(pageModules[route]) : []), ...hints].join('')}</head>`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escape(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(meta.description)}" />`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

for (const route of prerenderPaths) {
  const { html } = await render(route);
  const file = route === '/' ? path.join(web, 'index.html') : path.join(web, route, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page(html, pageMeta(route), route));
}
// The Not Found page, served with status 404 for unknown paths.
const { html: notFound } = await render('/__not-found__');
writeFileSync(path.join(web, '404.html'), page(notFound, notFoundMeta, null));
// The empty shell for screens that are not prerendered (dashboards, sign-up steps).
writeFileSync(path.join(web, 'shell.html'), template);

// The signed-in screens' own shells name their screen's scripts and styles from the
// start (from Vite's manifest), so the browser fetches them beside the first scripts instead of
// after them; the server sends dist/web/<route>/index.html for its route (src/server/plugins/web.ts).
// /rider-signup?step=N, a later step of the wizard, has its shell beside the prerendered step 1
// (rider-signup/shell.html, src/shared/routes.ts formQueryPages).
const screens = { '/rider-dashboard': 'routes/RiderDashboard.tsx', '/rider-signup': 'routes/RiderSignup.tsx' };
const shellFile = { '/rider-signup': 'shell.html' };
// And each asks for its first API answers while those scripts load (src/shared/bootScript.ts
// EARLY_FETCH_SCRIPT): the user's basics, and on the dashboard the profile it shows and the
// first page of the rider's hire requests and what waits for the rider (else asked only once the
// scripts have run, and drawn in a second render after the first).
const earlyGets = {
  '/rider-dashboard': ['/api/users/me', '/api/users/profile', '/api/hiring/requests', '/api/users/waiting'],
  '/rider-signup': ['/api/users/me'],
};
// And the wizard's location lists, once /api/users/me says the rider resumes at step 3, Choose
// Location (the wizard resumes at the saved current_tab for a rider whose profile is not complete:
// machines/signup/signupMachine.ts 'resuming'); not for riders at other steps, who would not use them.
const earlyThen = {
  '/rider-signup': [{ after: '/api/users/me', when: { user_type: 1, profile_completed: 0, current_tab: 3 }, get: '/api/locations' }],
};
for (const [route, key] of Object.entries(screens)) {
  if (!manifest[key]) throw new Error(`prerender: ${key} is not in Vite's manifest`);
  const own = [...closure(key)].filter((k) => !first.has(k));
  const hints = [
    ...own.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`),
    // The screen's styles as stylesheets, not preloads: the shell shows nothing before the app
    // runs, so they block no paint, and the browser reads them while the scripts still load;
    // preloaded, the router's loader added them once the scripts had run (Vite's preload helper)
    // and the browser parsed them in the app's first task, on a slow phone's busiest moment.
    ...own.flatMap((k) => manifest[k].css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
  ];
  const file = path.join(web, route, shellFile[route] ?? 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  const then = earlyThen[route] ? ` data-then="${attr(JSON.stringify(earlyThen[route]))}"` : '';
  const early = `<script data-get="${attr(earlyGets[route].join(' '))}"${then}>${EARLY_FETCH_SCRIPT}</script>`;
  // The early requests go first in <head>: an inline script after a stylesheet <link> waits for
  // that stylesheet (the parser runs no script while a sheet is loading), which held these
  // requests back by one slow round trip.
  const page = template
    .replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${early}`)
    .replace('</head>', `${hints.join('\n    ')}\n  </head>`);
  if (!page.includes(early)) throw new Error('prerender: no <meta charset> in dist/web/index.html');
  writeFileSync(file, page);
}
// The sign-in and sign-up forms (src/shared/routes.ts prerenderedForms): the signed-out visitor's
// first paint. A page whose first paint depends on a query parameter (formQueryPages) gets a file
// per case, rendered with a stand-in value (never shown: the token only goes with a request);
// a case served as a shell is written below or is the empty shell.
const earlyScript = (route) => {
  const then = earlyThen[route] ? ` data-then="${attr(JSON.stringify(earlyThen[route]))}"` : '';
  return `<script data-get="${attr((earlyGets[route] ?? []).join(' '))}"${then}>${EARLY_FETCH_SCRIPT}</script>`;
};
let forms = 0;
for (const route of prerenderedForms) {
  const variants = formQueryPages[route];
  const cases = variants
    ? [
        [variants.present, `${route}?${variants.param}=prerender`],
        [variants.absent, route],
        // The empty shell (null) and the signed-in screens' shells (above) are not prerendered.
      ].filter(([file]) => file !== null && file !== shellFile[route])
    : [['index.html', route]];
  for (const [name, url] of cases) {
    const { html } = await render(url);
    let out = page(html, pageMeta(route), route);
    if (signedOutForms.includes(route)) {
      // Marked for a visitor with a stored session (hidden until the app renders afresh), and the
      // early requests that visitor's screen makes first (the wizard's: who the rider is); for that
      // visitor the early script also asks for the app at once, as the loader would only once the
      // page's stylesheets had arrived (EARLY_FETCH_SCRIPT's data-app).
      const early = earlyScript(route).replace('<script ', `<script ${loaderAttributes(route)} `);
      out = out.replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${early}`).replace('<div id="root">', '<div id="root" data-signed-out>');
      if (!out.includes(early) || !out.includes('data-signed-out')) throw new Error(`prerender: could not mark ${route} for signed-in visitors`);
    }
    if (bookingForms.includes(route)) {
      // The empty booking form: hidden, and rendered afresh, when a booking in progress is stored.
      const early = `<script>${STORED_BOOKING_SCRIPT}</script>`;
      out = out.replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${early}`).replace('<div id="root">', '<div id="root" data-empty-booking>');
      if (!out.includes(early) || !out.includes('data-empty-booking')) throw new Error(`prerender: could not mark ${route} for a stored booking`);
    }
    const file = path.join(web, route, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, out);
    forms++;
  }
}
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
rmSync(path.resolve('dist/ssr'), { recursive: true, force: true });
console.log(`prerendered ${prerenderPaths.length} pages, ${forms} forms and 404.html`);
