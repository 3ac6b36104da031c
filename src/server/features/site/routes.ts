/** Run-time configuration for the browser, health checks, robots.txt and sitemap.xml. */
import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../../shared/api';
import { publicPaths } from '../../../shared/routes';
import { SOCIAL_NETWORKS } from '../../../shared/site';
import { access } from '../../plugins/access';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/config',
    {
      config: { access: access('public') },
      schema: {
        tags: ['site'],
        summary: 'What the browser needs at run time',
        response: {
          200: {
            type: 'object',
            required: ['captcha', 'googleSignIn', 'business'],
            properties: {
              captcha: {
                type: 'object',
                required: ['siteKey', 'scriptUrl'],
                properties: { siteKey: { type: 'string' }, scriptUrl: { type: 'string' } },
              },
              googleSignIn: { type: 'boolean' },
              sentryDsn: { type: 'string' },
              business: {
                type: 'object',
                properties: {
                  phone: { type: 'string' },
                  whatsapp: { type: 'string' },
                  address: { type: 'string' },
                  mapLocation: { type: 'object', required: ['lat', 'lon'], properties: { lat: { type: 'number' }, lon: { type: 'number' } } },
                  cacNumber: { type: 'string' },
                  openingHours: { type: 'string' },
                  social: {
                    type: 'object',
                    properties: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, { type: 'string' }])),
                  },
                },
              },
            },
          },
        },
      },
    },
    async (_request, reply): Promise<PublicConfig> => {
      reply.header('cache-control', 'no-cache');
      return {
        captcha: { siteKey: app.config.hcaptcha.siteKey, scriptUrl: app.config.hcaptcha.scriptUrl },
        googleSignIn: app.config.google !== null,
        // Only when set: browser errors then go to Sentry, loaded on the first one.
        ...(app.config.sentryDsn ? { sentryDsn: app.config.sentryDsn } : {}),
        business: app.config.business,
      };
    },
  );

  app.get('/healthz', { config: { access: access('public') }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Readiness: the database answers and writes work (plugins/readiness.ts); /healthz is liveness.
  app.get('/readyz', { config: { access: access('public') }, schema: { hide: true } }, async (request, reply) => {
    try {
      await app.database.ping();
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.code(503).send({ error: { field: 'alert', message: 'Database not reachable' } });
    }
    const notReady = await app.readiness.check();
    if (notReady !== null) return reply.code(503).send({ error: { field: 'alert', message: `Not ready: ${notReady}` } });
    return { status: 'ok' };
  });

  app.get('/robots.txt', { config: { access: access('public') }, schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return [
      'User-agent: *',
      'Disallow: /rider-dashboard',
      'Disallow: /company-dashboard',
      'Disallow: /reset-password',
      'Disallow: /api/',
      'Disallow: /ops',
      `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { config: { access: access('public') }, schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8');
    const urls = publicPaths
      .map((p) => `  <url><loc>${app.config.publicUrl}${p === '/' ? '/' : p}</loc></url>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });

  app.get('/api/docs', { config: { access: access('public') }, schema: { hide: true } }, async () => app.swagger());
}
