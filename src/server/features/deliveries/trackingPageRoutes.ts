/**
 * The tracking page, served by the server (trackingPage.ts):
 *   GET  /track/{token}            the page; an unknown token: the site's 404 page, counted as the tracking API counts it
 *   POST /track/{token}/cancel     the cancel form (cancelBySender), then 303 back to the page
 *   POST /track/{token}/rating     the rating form (rateDelivery), then 303 back to the page
 *   GET  /track/{token}/proof      the photo of the parcel handed over (a link on the page)
 *   GET  /track-page.{hash}.js     the page's one script
 * The forms post here, not to the JSON API, so that they work with JavaScript off.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRACK_PREFIX } from '../../../shared/routes';
import { jobMessages as jm } from '../../../shared/deliveries/jobMessages';
import { AppError } from '../../errors';
import { countAgainstLimits, type Limit } from '../../lib/limits';
import { access } from '../../plugins/access';
import { DELIVERY_READ_LIMIT } from './bookingRoutes';
import { sendStoredFile } from '../../plugins/files';
import { limitPerCaller } from './callers';
import { readDeliveryProof } from './jobService';
import { PROOF_READ_LIMIT, SENDER_ACTION_LIMIT } from './senderRoutes';
import { cancelBySender, cancelReasonOf, rateDelivery, ratingInputOf } from './senderService';
import {
  compress,
  PAGE_NOTICES,
  readTrackingPage,
  renderTrackingMessage,
  renderTrackingPage,
  TRACKING_SCRIPT,
  TRACKING_SCRIPT_PATH,
  type Compressed,
  type PageNotice,
} from './trackingPage';
import { trackingMessages } from '../../../shared/deliveries/trackingMessages';

const htmlPage = { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } as const;
const tokenParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 128 } } } as const;
// A 404 is the site's Not Found page (the app's not-found handler), described there.
const pageSchema = {
  hide: true,
  params: tokenParams,
  querystring: { type: 'object', properties: { n: { type: 'string', maxLength: 32 } } },
  response: { 200: htmlPage, 429: htmlPage },
} as const;
const formSchema = (body: object) => ({ hide: true, params: tokenParams, body, response: { 303: { type: 'null', description: 'Back to the page' } } });

/** The refusal a form's answer names on the page (?n=…). */
const NOTICE_OF_MESSAGE = new Map<string, PageNotice>([
  [jm.senderCannotCancel, 'cannotCancel'],
  [jm.cancelReasonTooLong, 'reasonTooLong'],
  [jm.ratingInvalid, 'ratingInvalid'],
  [jm.commentTooLong, 'commentTooLong'],
  [jm.ratingNotYet, 'ratingNotYet'],
  [jm.ratedAlready, 'ratedAlready'],
]);

function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: Compressed) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.raw);
}

const isRateLimited = (error: unknown) => error instanceof AppError && error.code === 'RATE_LIMITED';

export async function trackingPageRoutes(app: FastifyInstance): Promise<void> {
  // The forms' bodies; this parser lives in this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const base = app.config.publicUrl.replace(/\/+$/, '');
  const script = compress(TRACKING_SCRIPT);
  const count = (request: FastifyRequest, name: string, limit: Limit) => countAgainstLimits(app.limits, [{ key: `${name}:address:${request.ip}`, limit }]);
  const pageHeaders = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');

  /** The delivery the token names, counted as GET /api/deliveries/tracking counts guesses; null for none. */
  const deliveryOf = async (request: FastifyRequest, token: string): Promise<string | null> => {
    const credential = await app.credentialChecks.tracking!(request, token);
    return credential?.id ?? null;
  };
  const tooMany = (reply: FastifyReply) => pageHeaders(reply).code(429).send(renderTrackingMessage(trackingMessages.tooMany));

  app.get<{ Params: { token: string }; Querystring: { n?: string } }>(
    `${TRACK_PREFIX}/:token`,
    { config: { access: access('public') }, schema: pageSchema },
    async (request, reply) => {
      let id: string | null;
      try {
        await count(request, 'tracking-read', DELIVERY_READ_LIMIT);
        id = await deliveryOf(request, request.params.token);
      } catch (error) {
        if (isRateLimited(error)) return tooMany(reply);
        throw error;
      }
      const data = id ? await readTrackingPage(app.database.db, id) : null;
      if (!data) {
        reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
        return reply.callNotFound();
      }
      const path = `${TRACK_PREFIX}/${encodeURIComponent(request.params.token)}`;
      const notice = request.query.n && Object.hasOwn(PAGE_NOTICES, request.query.n) ? (request.query.n as PageNotice) : null;
      pageHeaders(reply);
      return sendCompressed(request, reply, compress(renderTrackingPage(data, path, `${base}${path}`, notice)));
    },
  );

  /** Runs a form's action and answers 303 back to the page, with a notice of what happened. */
  const formRoute = (what: 'cancel' | 'rating', body: object, act: (id: string, body: Record<string, unknown>) => Promise<PageNotice>) =>
    app.post<{ Params: { token: string }; Body: Record<string, unknown> }>(
      `${TRACK_PREFIX}/:token/${what}`,
      { config: { access: access('public') }, schema: formSchema(body) },
      async (request, reply) => {
        const back = (notice: PageNotice) =>
          reply.header('cache-control', 'no-store').redirect(`${TRACK_PREFIX}/${encodeURIComponent(request.params.token)}?n=${notice}`, 303);
        let id: string | null;
        try {
          await count(request, 'sender-action', SENDER_ACTION_LIMIT);
          id = await deliveryOf(request, request.params.token);
        } catch (error) {
          if (isRateLimited(error)) return tooMany(reply);
          throw error;
        }
        if (!id) {
          reply.header('referrer-policy', 'no-referrer');
          return reply.callNotFound();
        }
        try {
          return back(await act(id, request.body ?? {}));
        } catch (error) {
          // Any other refusal of the step (another move came first): said in general words.
          const notice = error instanceof AppError ? (NOTICE_OF_MESSAGE.get(error.message) ?? (error.code === 'CONFLICT' ? 'cannotNow' : undefined)) : undefined;
          if (notice) return back(notice);
          throw error;
        }
      },
    );

  formRoute('cancel', { type: 'object', properties: { reason: { type: 'string', maxLength: 2000 } } }, async (id, body) => {
    await cancelBySender(app.database.db, id, { trackedId: id }, cancelReasonOf(body));
    return 'cancelled';
  });
  formRoute(
    'rating',
    { type: 'object', properties: { rating: { type: 'string', maxLength: 2 }, comment: { type: 'string', maxLength: 4000 } } },
    async (id, body) => {
      // A form sends text: "4" is the rating 4.
      const rating = typeof body.rating === 'string' && /^\d$/.test(body.rating) ? Number(body.rating) : body.rating;
      await rateDelivery(app.database.db, id, { trackedId: id }, ratingInputOf({ ...body, rating }));
      return 'rated';
    },
  );

  // The proof photo by the page's link (GET /api/deliveries/tracking/proof wants the token in a header, which a link cannot send).
  const proofReads = limitPerCaller(app.limits, 'proof-read', PROOF_READ_LIMIT, PROOF_READ_LIMIT);
  app.get<{ Params: { token: string } }>(
    `${TRACK_PREFIX}/:token/proof`,
    { config: { access: access('public') }, onRequest: proofReads, schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const id = await deliveryOf(request, request.params.token);
      const file = id ? await readDeliveryProof(app.database.db, id, { trackedId: id }) : null;
      if (!file) {
        reply.header('referrer-policy', 'no-referrer');
        return reply.callNotFound();
      }
      return sendStoredFile(reply, file, 'private');
    },
  );

  app.get(TRACKING_SCRIPT_PATH, { config: { access: access('public') }, schema: { hide: true } }, (request, reply) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8');
    return sendCompressed(request, reply, script);
  });
}
