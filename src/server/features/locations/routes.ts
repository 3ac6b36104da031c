/**
 * GET /api/locations: Nigeria's states with their towns and LGAs (spec §3 'Location reference
 * data'). The answer never changes within a release: it is cached by browsers for a
 * week (and used stale for a month while revalidating with its ETag), and sent compressed.
 */
import type { FastifyInstance } from 'fastify';
import { locationPayload } from '../../domain/locations';
import { access } from '../../plugins/access';

const place = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    location: { anyOf: [{ type: 'null' }, { type: 'object' }] },
    total_area: { type: ['number', 'null'] },
    population: { type: ['number', 'null'] },
  },
} as const;

const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=2592000';

export async function locationsRoutes(app: FastifyInstance): Promise<void> {
  // Read and compressed as the server starts (the brotli copy in the background), not on the
  // first request: the sign-up wizard asks for the lists while its scripts load.
  locationPayload();
  app.get(
    '/api/locations',
    {
      config: { access: access('public'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['locations'],
        summary: "Nigeria's 36 states and the FCT, each with its towns and local government areas",
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'capital', 'state_code', 'towns', 'lgas'],
              properties: {
                name: { type: 'string' },
                capital: { type: 'string' },
                state_code: { type: 'string' },
                creation_date: { type: 'string' },
                location: { anyOf: [{ type: 'null' }, { type: 'object' }] },
                total_area: { type: ['number', 'null'] },
                population: { type: ['number', 'null'] },
                towns: { type: 'array', items: place },
                lgas: { type: 'array', items: place },
              },
            },
          },
          304: { type: 'null', description: 'Not modified (If-None-Match)' },
        },
      },
    },
    async (request, reply) => {
      const data = locationPayload();
      reply.header('cache-control', CACHE_CONTROL).header('etag', data.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === data.etag) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      // A string or buffer is sent as it is: the schema above documents it, it does not re-serialise it.
      const brotli = /\bbr\b/.test(accepted) ? await data.brotli : null;
      if (brotli) return reply.header('content-encoding', 'br').send(brotli);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(data.gzip);
      return reply.send(data.json);
    },
  );
}
