import type { FastifyRequest } from 'fastify';

/** The path of the page a form was sent from, sent by our own app in x-source-path (we send no Referer at all). */
export function sourcePathOf(request: FastifyRequest): string | null {
  const header = request.headers['x-source-path'];
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value === 'string' && /^\/[\w\-/]{0,200}$/.test(value)) return value;
  return null;
}
