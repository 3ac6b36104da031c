/**
 * Serves the built app (DESIGN.md §8): hashed assets with immutable caching and
 * precompressed brotli/gzip; every known route answers 200 with its HTML, anything else
 * answers the app's Not Found page with status 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formQueryPages, jobWorkerPath, knownPaths } from '../../shared/routes';
import { access } from './access';

interface Page {
  raw: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

function loadPage(file: string): Page {
  const read = (f: string) => (existsSync(f) ? readFileSync(f) : null);
  return { raw: readFileSync(file), br: read(`${file}.br`), gzip: read(`${file}.gz`) };
}

/** Picks brotli, then gzip, then identity, as the client accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (page.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (page.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The built app is missing at ${webRoot}: run \`npm run build\` first.`);
  }
  // A route's prerendered HTML when the build made one (dist/web/about-us/index.html), else the
  // empty shell (shell.html; index.html itself is the prerendered home page).
  const shellFile = path.join(webRoot, 'shell.html');
  const shell = loadPage(existsSync(shellFile) ? shellFile : indexFile);
  const pages = new Map<string, Page>();
  for (const route of knownPaths) {
    const file = route === '/' ? indexFile : path.join(webRoot, route, 'index.html');
    pages.set(route, existsSync(file) ? loadPage(file) : shell);
  }
  const notFoundFile = path.join(webRoot, '404.html');
  const workerFile = path.join(webRoot, jobWorkerPath.slice(1));
  const notFound = existsSync(notFoundFile) ? loadPage(notFoundFile) : shell;

  // The built files @fastify/static adds a route for are public; it takes no route config, so
  // its routes are declared as they are added (plugins/access.ts reads the declaration later).
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: access('public') };
    });
    await files.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // HTML asked for by file name (/index.html, /about-us/index.html) names the current
        // hashed assets, so it is revalidated like the routes' pages, never kept an hour.
        const html = /\.html(?:\.br|\.gz)?$/.test(filePath);
        // The job screen's service worker keeps its address from build to build: revalidated on
        // every check, so a deploy reaches the phones at their next visit, not an hour later.
        const worker = filePath === workerFile || filePath === `${workerFile}.br` || filePath === `${workerFile}.gz`;
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : html || worker ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  });

  // A page whose first paint depends on a query parameter: the HTML of the case the address is in
  // (src/shared/routes.ts formQueryPages), when the build made it.
  const byQuery = new Map<string, { param: string; present: Page; absent: Page }>();
  for (const [route, { param, present, absent }] of Object.entries(formQueryPages)) {
    const pick = (name: string | null) => {
      const file = name === null ? null : path.join(webRoot, route, name);
      return file && existsSync(file) ? loadPage(file) : shell;
    };
    if (pages.has(route)) byQuery.set(route, { param, present: pick(present), absent: pick(absent) });
  }
  for (const [route, page] of pages) {
    const variants = byQuery.get(route);
    app.get(route, { config: { access: access('public') }, schema: { hide: true } }, (request, reply) => {
      if (!variants) return sendPage(request, reply, page, 200);
      const query = request.url.includes('?') ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)) : null;
      return sendPage(request, reply, query?.get(variants.param) ? variants.present : variants.absent, 200);
    });
  }
  // The operations console is one app below /ops with its own routes (/ops/inbox/:id
  // …): the empty shell for any of them; its screens load their code on demand.
  const opsPage = { config: { access: access('public') }, schema: { hide: true } };
  const sendOps = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, shell, 200);
  };
  app.get('/ops', opsPage, sendOps);
  app.get('/ops/*', opsPage, sendOps);
  // The company dashboard's pages (/company-dashboard/riders/:username …) likewise.
  app.get('/company-dashboard/*', opsPage, sendOps);
  // The rider's job screen (/rider-dashboard/jobs) likewise.
  app.get('/rider-dashboard/*', opsPage, sendOps);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ error: { field: 'alert', message: 'Not found' } });
    }
    return sendPage(request, reply, notFound, 404);
  });
}
