// Prerenders the public pages into dist/web (DESIGN.md §8): readable before JavaScript runs,
// then hydrated by main.tsx. Pages behind sign-in and one-time flows keep the empty shell.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve('dist/web');
const ssrEntry = path.resolve('dist/ssr/entry-server.js');
const { render, pageMeta, notFoundMeta, prerenderPaths } = await import(pathToFileURL(ssrEntry).href);
const template = readFileSync(path.join(web, 'index.html'), 'utf8');

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(html, meta) {
  // Inline scripts are refused by our CSP; the router's scroll-restoration script is not needed.
  let body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  // React hoists resource hints (<link rel="preload">) into the rendered markup; they belong in
  // <head>, and left in #root they would not match the client's first render.
  const hints = body.match(/<link\b[^>]*>/g) ?? [];
  body = body.replace(/<link\b[^>]*>/g, '');
  return template
    .replace('</head>', `${hints.join('')}</head>`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escape(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(meta.description)}" />`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

for (const route of prerenderPaths) {
  const { html } = await render(route);
  const file = route === '/' ? path.join(web, 'index.html') : path.join(web, route, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page(html, pageMeta(route)));
}
// The Not Found page, served with status 404 for unknown paths.
const { html: notFound } = await render('/__not-found__');
writeFileSync(path.join(web, '404.html'), page(notFound, notFoundMeta));
// The empty shell for screens that are not prerendered (dashboards, sign-up steps).
writeFileSync(path.join(web, 'shell.html'), template);
rmSync(path.resolve('dist/ssr'), { recursive: true, force: true });
console.log(`prerendered ${prerenderPaths.length} pages and 404.html`);
