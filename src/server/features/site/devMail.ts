/**
 * The dev mailbox at /dev/mail: only while there is no SMTP_URL and PUBLIC_URL is a localhost
 * address or DEV_MAILBOX=1 (config.devMailbox), so a newcomer can read a verification code or a
 * reset link. Even then it answers only a request made on this machine: the socket's address is
 * loopback and no proxy header (X-Forwarded-For, Forwarded, X-Real-IP) says it was passed on.
 * Anything else gets the 404 of a missing page, as if the mailbox were not there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../../loopback';
import { readMailbox } from '../../plugins/mail';
import { access } from '../../plugins/access';
import { escapeHtml } from '../../../shared/html';

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** True for a request from this machine that no proxy passed on (request.ip is not used: TRUST_PROXY may rewrite it). */
function fromThisMachine(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px">${body}</body></html>`;

export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound();
  });

  app.get('/dev/mail', { config: { access: access('public') }, schema: { hide: true } }, async (_request, reply) => {
    const messages = readMailbox(app.config);
    const rows = messages
      .map(
        (m) =>
          `<li style="margin:8px 0"><a href="/dev/mail/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a><br><small>to ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</small></li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return page('Dev mailbox', `<h1>Dev mailbox</h1><p>E-mails the server sent while no SMTP_URL is set, newest first.</p><ul>${rows || '<li>No e-mail yet.</li>'}</ul>`);
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id', { config: { access: access('public') }, schema: { hide: true } }, async (request, reply) => {
    const message = readMailbox(app.config).find((m) => m.id === request.params.id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!message) return reply.code(404).send(page('Not found', '<h1>No such e-mail</h1><p><a href="/dev/mail">Back to the mailbox</a></p>'));
    const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => `<p><a href="${escapeHtml(m[0])}">${escapeHtml(m[0])}</a></p>`).join('');
    return page(
      message.subject,
      `<p><a href="/dev/mail">Back to the mailbox</a></p><h1>${escapeHtml(message.subject)}</h1><p>To ${escapeHtml(message.to)} · ${escapeHtml(message.sentAt)}</p>${links}<pre style="white-space:pre-wrap;background:#f4f7f5;padding:12px;border-radius:8px">${escapeHtml(message.text)}</pre>`,
    );
  });
}
