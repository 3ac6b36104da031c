/**
 * A rider's public page: /riders/{username}, rendered by the server as
 * a complete HTML page, readable with no JavaScript at all (a phone on slow data, a company's
 * browser, WhatsApp's link preview). Public fields only: no e-mail, phone, address, company
 * contacts or documents. Open Graph and Twitter tags carry the rider's name, introduction and
 * photo, so a link pasted into WhatsApp shows who it is. "ID verified" shows only after staff
 * approved the documents; a suspended rider's page is the same 404 as no rider.
 *
 *   GET /riders/:username            the page (404 page for no such rider, or one who has not finished sign-up);
 *                                    ?cursor= shows the next 10 reviews
 *   GET /riders/:username/photo.jpg  the rider's public picture as a JPEG for link previews
 *                                    (the stored picture is WebP, which not every preview reads)
 *   GET /riders/assets/cta.js        the page's one script: the call to action for a signed-in company
 *
 * The earned Job Success (or "New rider") with its basis, the average rating, and the
 * published reviews with the rider's replies, 10 a page, newest first. The call to action works
 * without JavaScript: ask for a quote naming the rider, or join the company waitlist. The token
 * lives in the browser (localStorage), so the server cannot know a company is looking; cta.js,
 * a small file from this origin (the CSP allows no inline script), swaps in "Request this
 * rider" when the stored token's user_type is a company's.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_TOKEN_KEY, USER_TYPE_RIDER } from '../../../shared/constants';
import { AppError } from '../../errors';
import { readStoredFile } from '../../plugins/files';
import { findPublicRiderId, readPublishedReviews } from '../../domain/publishedReviews';
import { readPublicPictureId, readPublicProfile } from '../../domain/riderProfile';
import type { PublicReviewsPage } from '../../../shared/publicReviews';
import { CTA_SCRIPT_PATH, renderPublicProfile, renderRiderNotFound } from './publicPageHtml';
import { access } from '../../plugins/access';

/**
 * cta.js: a signed-in company (a stored, unexpired token whose user_type is not a rider's; spec
 * §1: any other value is a company) sees "Request this rider" instead of the quote and waitlist
 * links. It only reads the token's payload to choose a link: the company page it leads to
 * checks the session as always.
 */
const CTA_SCRIPT = `(function(){try{
var t=localStorage.getItem(${JSON.stringify(AUTH_TOKEN_KEY)});if(!t)return;
var c=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));
if(typeof c.exp!=='number'||c.exp*1000<=Date.now()||typeof c.user_type!=='number'||c.user_type===${USER_TYPE_RIDER})return;
var p=document.getElementById('cta-public'),k=document.getElementById('cta-company');
if(p&&k){p.hidden=true;k.hidden=false;}
}catch(e){}})();
`;
const CTA_ETAG = `"${createHash('sha256').update(CTA_SCRIPT).digest('base64url').slice(0, 16)}"`;

const USERNAME_PARAM = { type: 'object', required: ['username'], properties: { username: { type: 'string', maxLength: 64 } } } as const;

/** The routes of the public page. */
/**
 * The link-preview JPEGs made so far, by picture file id (a file never changes, so an entry is
 * never stale), the least recently used dropped past 16 MB: re-encoding one costs about 27 ms of
 * CPU, and a shared link is fetched by every chat that shows it.
 */
const previewJpegs = new Map<string, Buffer>();
const PREVIEW_CACHE_BYTES = 16 * 1024 * 1024;
let previewBytes = 0;

async function linkPreviewJpeg(db: Parameters<typeof readStoredFile>[0], fileId: string): Promise<Buffer | null> {
  const kept = previewJpegs.get(fileId);
  if (kept) {
    previewJpegs.delete(fileId);
    previewJpegs.set(fileId, kept);
    return kept;
  }
  const file = await readStoredFile(db, fileId);
  if (!file || !file.isPublic) return null;
  const jpeg = await sharp(file.data).resize(600, 600, { fit: 'cover', position: 'attention' }).jpeg({ quality: 82 }).toBuffer();
  previewJpegs.set(fileId, jpeg);
  previewBytes += jpeg.length;
  for (const [id, old] of previewJpegs) {
    if (previewBytes <= PREVIEW_CACHE_BYTES) break;
    previewJpegs.delete(id);
    previewBytes -= old.length;
  }
  return jpeg;
}

export async function publicPageRoutes(app: FastifyInstance): Promise<void> {
  // Revalidated on every visit (an ETag makes that a cheap 304): an edit shows at once, and a
  // deleted account's page is gone at once, from every cache.
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, page: string) => {
    const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(status).send(page);
  };

  app.get<{ Params: { username: string }; Querystring: { cursor?: string } }>(
    '/riders/:username',
    {
      config: { access: access('public'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['riders'],
        summary: "A rider's public page (HTML with Open Graph tags): public fields only, Job Success, rating and published reviews",
        params: USERNAME_PARAM,
        querystring: { type: 'object', properties: { cursor: { type: 'string', maxLength: 200 } } },
        response: {
          200: { type: 'string', description: 'text/html' },
          304: { type: 'null', description: 'Not modified' },
          404: { type: 'string', description: 'text/html' },
        },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const profile = await readPublicProfile(db, request.params.username);
      if (!profile) return sendHtml(request, reply, 404, renderRiderNotFound());
      const riderId = await findPublicRiderId(db, profile.username);
      const cursor = request.query.cursor;
      let reviews: PublicReviewsPage = { items: [], next: null };
      let paged = Boolean(cursor);
      if (riderId) {
        try {
          reviews = await readPublishedReviews(db, riderId, cursor);
        } catch (err) {
          // A mangled ?cursor= from a pasted link: show the newest reviews instead.
          if (!(err instanceof AppError) || err.field !== 'cursor') throw err;
          reviews = await readPublishedReviews(db, riderId);
          paged = false;
        }
      }
      return sendHtml(request, reply, 200, renderPublicProfile(profile, app.config.publicUrl, reviews, paged));
    },
  );

  app.get(
    CTA_SCRIPT_PATH,
    {
      config: { access: access('public'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['riders'],
        summary: "The public page's call-to-action script (shows \"Request this rider\" to a signed-in company)",
        response: { 200: { type: 'string', description: 'text/javascript' }, 304: { type: 'null', description: 'Not modified' } },
      },
    },
    async (request, reply) => {
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('etag', CTA_ETAG);
      if (request.headers['if-none-match'] === CTA_ETAG) return reply.code(304).send();
      return reply.send(CTA_SCRIPT);
    },
  );

  app.get<{ Params: { username: string } }>(
    '/riders/:username/photo.jpg',
    {
      config: { access: access('public'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['riders'],
        summary: "A rider's public picture as a 600 px JPEG, for link previews",
        params: USERNAME_PARAM,
        response: { 200: { type: 'string', format: 'binary' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      const fileId = await readPublicPictureId(app.database.db, request.params.username);
      if (!fileId) return reply.code(404).send({ error: { field: 'alert', message: 'Not found' } });
      // A new picture is a new file, so the file's id names this JPEG for good.
      const etag = `"${fileId}-og"`;
      reply.header('cache-control', 'public, max-age=3600').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const jpeg = await linkPreviewJpeg(app.database.db, fileId);
      if (!jpeg) return reply.code(404).send({ error: { field: 'alert', message: 'Not found' } });
      return reply.header('content-type', 'image/jpeg').send(jpeg);
    },
  );
}
