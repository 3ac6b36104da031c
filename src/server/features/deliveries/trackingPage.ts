/**
 * The tracking page /track/{token}, rendered here as a small HTML string rather than by the React
 * app: the sender and the recipient open it from an e-mail or WhatsApp on any phone, often on a
 * slow, paid-for connection, so it carries no app bundle (≤ 15 kB with everything it loads,
 * docs/deliveries.md "The tracking page"). It shows exactly what GET /api/deliveries/tracking
 * answers (the same function reads it), in the words of the message catalogues, and works with
 * JavaScript off: cancel and rating are plain forms that post to the page and come back to it.
 * One small script (TRACKING_SCRIPT) makes it live and sends the forms without leaving the page.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { bookingMessages as b } from '../../../shared/deliveries/bookingMessages';
import { jobMessages as jm } from '../../../shared/deliveries/jobMessages';
import { formatNaira } from '../../../shared/deliveries/messages';
import type { DeliveryStatus } from '../../../shared/deliveries/moves';
import { deliveryTracking, type DeliveryTracking } from '../../../shared/deliveries/tracking';
import { CANCEL_REASON_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../../../shared/deliveries/jobs';
import { PAYMENTS, type Payment } from '../../../shared/deliveries/rateCard';
import { trackingMessages as tm } from '../../../shared/deliveries/trackingMessages';
import { messages } from '../../../shared/messages';
import { site } from '../../../shared/site';
import type { Db } from '../../db/client';
import { deliveries, files } from '../../db/schema';
import { fileUrl } from '../../plugins/files';
import { findTrackedDelivery, type TrackedDelivery } from './bookingService';
import { escapeHtml as esc } from '../../../shared/html';

/** What the page shows: the tracking answer, and the rider's small picture (the 160 px thumbnail, not the full one). */
export interface TrackingPageData {
  tracking: TrackedDelivery;
  pictureUrl: string | null;
  /** Why the rider could not deliver, while the delivery is failed (the sender's e-mail says it too). */
  failureReason: string | null;
}

export async function readTrackingPage(db: Db, deliveryId: string): Promise<TrackingPageData | null> {
  const tracking = await findTrackedDelivery(db, deliveryId);
  if (!tracking) return null;
  let pictureUrl: string | null = null;
  let failureReason: string | null = null;
  if (tracking.status === 'failed') {
    const [row] = await db.select({ reason: deliveries.failureReason }).from(deliveries).where(eq(deliveries.id, deliveryId));
    failureReason = row?.reason ?? null;
  }
  if (tracking.rider?.picture_url) {
    const [row] = await db
      .select({ id: files.id })
      .from(deliveries)
      .innerJoin(files, and(eq(files.ownerId, deliveries.riderId), eq(files.kind, 'profile_thumb'), eq(files.isPublic, true)))
      .where(eq(deliveries.id, deliveryId))
      .limit(1);
    // fileUrl is relative to the API's base (/api), as the app reads it.
    pictureUrl = `/api${row ? fileUrl(row.id) : tracking.rider.picture_url}`;
  }
  return { tracking, pictureUrl, failureReason };
}

/** The one-line notices a form's answer comes back with (?n=…); any other value shows nothing. */
export const PAGE_NOTICES = {
  cancelled: tm.cancelled,
  rated: tm.rated,
  cannotCancel: jm.senderCannotCancel,
  reasonTooLong: jm.cancelReasonTooLong,
  ratingInvalid: jm.ratingInvalid,
  commentTooLong: jm.commentTooLong,
  ratingNotYet: jm.ratingNotYet,
  ratedAlready: jm.ratedAlready,
  cannotNow: tm.cannotNow,
  tooMany: tm.tooMany,
} as const;
export type PageNotice = keyof typeof PAGE_NOTICES;
const GOOD_NOTICES: readonly PageNotice[] = ['cancelled', 'rated'];

/** "Mon 1 Dec, 14:30" in Lagos time (UTC+1 all year), whatever the server's zone. */
function lagosDateTime(iso: string): string {
  const at = new Date(Date.parse(iso) + 3_600_000);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][at.getUTCMonth()];
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  return `${day} ${at.getUTCDate()} ${month}, ${time}`;
}

const statusText = (status: string) => b.statuses[status] ?? b.unknownStatus;
const paymentText = (payment: string) => ((PAYMENTS as readonly string[]).includes(payment) ? b.payments[payment as Payment] : payment);
function placeText(place: { state?: string; area?: string; country?: string; city?: string }): string {
  if (place.country) return [place.city, b.countries[place.country as keyof typeof b.countries] ?? place.country].filter(Boolean).join(', ');
  return [place.area, place.state].filter(Boolean).join(', ');
}
const time = (iso: string) => `<time datetime="${esc(iso)}">${esc(lagosDateTime(iso))}</time>`;

/** Inline: one request fewer, and the CSP allows inline styles (styles cannot run code). */
const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#14213d;background:#f4f7f5}' +
  'main{max-width:36rem;margin:0 auto;padding:1rem}h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}' +
  '.card{background:#fff;border-radius:8px;padding:1rem;margin:.8rem 0;box-shadow:0 1px 2px #0002}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .8rem;margin:0}dt{color:#555}dd{margin:0;overflow-wrap:anywhere}' +
  '.card h2{margin-top:0}ol{padding-left:1.2rem;margin:0}.rider{display:flex;gap:.8rem;align-items:center}.rider img{border-radius:50%}' +
  '.ok{color:#1b6e3a;font-weight:600}.ok::before{content:"✓ "}.notice{padding:.6rem;border-radius:6px;background:#e6f4ea}.notice.bad{background:#fdecea}' +
  'a.btn,button{display:inline-block;min-height:44px;padding:.6rem 1rem;border:0;border-radius:6px;background:#1b6e3a;color:#fff;font:inherit;text-decoration:none;margin:.3rem .3rem 0 0}' +
  'button.quiet{background:#a1281e}label{display:block;margin:.5rem 0 .2rem}select,textarea{font:inherit;width:100%;box-sizing:border-box}small{color:#555}';

function riderCard(t: TrackedDelivery, show: DeliveryTracking, pictureUrl: string | null): string {
  const r = t.rider;
  if (!r || !show.riderShown) return '';
  const picture = pictureUrl ? `<img src="${esc(pictureUrl)}" width="64" height="64" alt="">` : '';
  const verified = r.id_verified ? `<br><span class="ok">${esc(tm.idVerified)}</span>` : '';
  let contact = '';
  if (r.phone && show.phoneShown) {
    const digits = r.phone.replace(/\D/g, '');
    contact =
      `<p><a class="btn" href="tel:${esc(r.phone)}">${esc(tm.callRider(r.phone))}</a>` +
      `<a class="btn" href="https://wa.me/${digits}" rel="noopener">${esc(tm.chatRider)}</a></p>`;
  }
  return `<section class="card" aria-labelledby="rider"><h2 id="rider">${esc(tm.rider)}</h2><div class="rider">${picture}<p><b>${esc(r.display_name)}</b>${verified}</p></div>${contact}</section>`;
}

function actions(t: TrackedDelivery, show: DeliveryTracking, action: (what: 'cancel' | 'rating') => string): string {
  if (show.cancelShown) {
    return (
      `<section class="card" aria-labelledby="cancel"><h2 id="cancel">${esc(tm.cancelTitle)}</h2><p><small>${esc(tm.cancelHint)}</small></p>` +
      `<form method="post" action="${action('cancel')}" data-js><label for="reason">${esc(tm.cancelReason)}</label>` +
      `<textarea id="reason" name="reason" rows="2" maxlength="${CANCEL_REASON_MAX}"></textarea>` +
      `<button class="quiet">${esc(tm.cancelButton)}</button></form></section>`
    );
  }
  if (t.rating !== null && t.status === 'delivered') return `<p class="card">${esc(tm.yourRating(t.rating))}</p>`;
  if (!show.ratingShown) return '';
  const options = [];
  for (let n = RATING_MAX; n >= RATING_MIN; n -= 1) options.push(`<option value="${n}">${esc(tm.ratingOption(n))}</option>`);
  return (
    `<section class="card" aria-labelledby="rate"><h2 id="rate">${esc(tm.rateTitle)}</h2>` +
    `<form method="post" action="${action('rating')}" data-js><label for="rating">${esc(tm.ratingLabel)}</label>` +
    `<select id="rating" name="rating" required>${options.join('')}</select>` +
    `<label for="comment">${esc(tm.commentLabel)}</label><textarea id="comment" name="comment" rows="3" maxlength="${RATING_COMMENT_MAX}"></textarea>` +
    `<button>${esc(tm.rateButton)}</button></form></section>`
  );
}

/**
 * The whole page. `pagePath` is /track/{token}: the forms post below it and the WhatsApp share
 * carries `pageUrl`. The token is in no other place in the page.
 */
export function renderTrackingPage(data: TrackingPageData, pagePath: string, pageUrl: string, notice: PageNotice | null): string {
  const t = data.tracking;
  // Every show-or-hide below comes from deliveryTracking, the function the delivery machine's model checks.
  const show = deliveryTracking(t.status as DeliveryStatus, t.rider !== null, t.rating !== null);
  const final = show.final;
  const share = `https://wa.me/?text=${encodeURIComponent(tm.whatsAppText(t.reference, pageUrl))}`;
  const noticeHtml = notice
    ? `<p class="notice${GOOD_NOTICES.includes(notice) ? '' : ' bad'}" role="${GOOD_NOTICES.includes(notice) ? 'status' : 'alert'}">${esc(PAGE_NOTICES[notice])}</p>`
    : '';
  const events = t.events.map((e) => `<li>${time(e.at)} ${esc(statusText(e.status))}</li>`).join('');
  const main =
    `<main id="track" data-status="${esc(t.status)}"${final ? ' data-final' : ''}>` +
    `<h1>${esc(b.trackingTitle)}</h1>${noticeHtml}` +
    `<div class="card"><dl>` +
    `<dt>${esc(b.reference)}</dt><dd>${esc(t.reference)}</dd>` +
    `<dt>${esc(b.status)}</dt><dd id="status"><b>${esc(show.statusText)}</b></dd>` +
    `<dt>${esc(b.from)}</dt><dd>${esc(placeText(t.pickup))}</dd>` +
    `<dt>${esc(b.to)}</dt><dd>${esc(placeText(t.dropoff))}</dd>` +
    `<dt>${esc(b.pickupTime)}</dt><dd>${t.pickup_at ? time(t.pickup_at) : esc(b.pickupAsap)}</dd>` +
    (t.deliver_by && show.promiseShown ? `<dt>${esc(tm.deliverBy)}</dt><dd>${time(t.deliver_by)}</dd>` : '') +
    `<dt>${esc(b.price)}</dt><dd>${esc(formatNaira(t.price_kobo))}, ${esc(paymentText(t.payment))}</dd>` +
    `</dl>` +
    (data.failureReason ? `<p>${esc(tm.failedBecause(data.failureReason))}</p>` : '') +
    // A link, not an <img>: the photo alone weighs more than the whole page.
    (t.proof ? `<p><a href="${esc(pagePath)}/proof">${esc(tm.proofLink)}</a></p>` : '') +
    `</div>` +
    riderCard(t, show, data.pictureUrl) +
    `<section class="card" aria-labelledby="timeline"><h2 id="timeline">${esc(b.timeline)}</h2><ol>${events}</ol></section>` +
    actions(t, show, (what) => esc(`${pagePath}/${what}`)) +
    `<p><a class="btn" href="${esc(share)}" rel="noopener">${esc(tm.shareWhatsApp)}</a></p>` +
    (final ? '' : `<p><small><noscript>${esc(tm.reloadForNews)}</noscript><span hidden data-live>${esc(tm.live)}</span></small></p>`) +
    `</main>`;
  return (
    `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">` +
    `<title>${esc(tm.pageTitle(t.reference))} · ${esc(site.name)}</title><style>${STYLE}</style>` +
    `<script src="${TRACKING_SCRIPT_PATH}" defer></script></head><body>${main}</body></html>`
  );
}

/** A page for a refusal that is not "no such link" (that one is the site's 404 page). */
export function renderTrackingMessage(text: string): string {
  return (
    `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${esc(messages.trackDelivery)} · ${esc(site.name)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${esc(b.trackingTitle)}</h1><p class="notice bad" role="alert">${esc(text)}</p></main></body></html>`
  );
}

/**
 * The page's script, run in the browser (it is sent as this function's source text, so it must use
 * nothing from outside itself). It
 *  - listens to GET /api/deliveries/tracking/{token}/events (server-sent events, `event: delivery`)
 *    and, on each, reads the page again and puts its new <main> in place, keeping what was typed
 *    in a form; it reads again when the stream reconnects (a move may have come meanwhile); where
 *    the stream cannot be opened it reads the page every POLL_MS instead, until a final status;
 *  - sends the cancel and rating forms with fetch and shows the answer in place (the server
 *    answers the forms with a redirect back to the page, which fetch follows); if that fails, the
 *    form is sent the plain way.
 */
// Plain JavaScript in a string, sent as it is: a function's source text would carry whatever the
// bundler adds to it (esbuild's __name helper), which the browser does not have.
const TRACKING_SCRIPT_SOURCE = String.raw`(function (pollMs) {
  var main = document.getElementById('track');
  if (!main || !window.fetch || !window.DOMParser) return;
  var path = location.pathname.replace(/\/+$/, '');
  var reading = false, again = false, timer = 0;
  var live = main.querySelector('[data-live]');
  if (live) live.removeAttribute('hidden');

  function swap(html, keepTyped) {
    var next = new DOMParser().parseFromString(html, 'text/html').getElementById('track');
    if (!next) return false;
    var typed = keepTyped ? main.querySelectorAll('textarea,select') : [];
    for (var i = 0; i < typed.length; i++) {
      var same = typed[i].id && next.querySelector('#' + typed[i].id);
      if (same && typed[i].value) same.value = typed[i].value;
    }
    // A page read after a move keeps the line a form's answer put there (the move the form made
    // arrives as an event too, and its read may land after the answer).
    var notice = keepTyped && main.querySelector('.notice');
    var heading = next.querySelector('h1');
    if (notice && heading && !next.querySelector('.notice')) heading.after(notice);
    var l = next.querySelector('[data-live]');
    if (l) l.removeAttribute('hidden');
    main.replaceWith(next);
    main = next;
    if (main.hasAttribute('data-final') && timer) clearInterval(timer);
    return true;
  }

  function read() {
    if (reading) { again = true; return; }
    reading = true;
    fetch(path, { cache: 'no-store', credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : ''; })
      .then(function (html) { if (html) swap(html, true); })
      .catch(function () {})
      .then(function () {
        reading = false;
        if (again) { again = false; read(); }
      });
  }

  function poll() {
    if (!timer && !main.hasAttribute('data-final')) timer = setInterval(read, pollMs);
  }

  if (window.EventSource && !main.hasAttribute('data-final')) {
    var opened = false;
    var source = new EventSource('/api/deliveries/tracking/' + encodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) + '/events');
    source.addEventListener('delivery', read);
    source.onopen = function () { if (opened) read(); opened = true; };
    // CLOSED: the stream answered with an error and will not come back by itself.
    source.onerror = function () { if (source.readyState === 2) poll(); };
  } else poll();

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form || !form.hasAttribute || !form.hasAttribute('data-js')) return;
    event.preventDefault();
    var button = form.querySelector('button');
    if (button) button.disabled = true;
    fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), credentials: 'same-origin' })
      .then(function (r) { return r.text(); })
      .then(function (html) { if (!swap(html, false)) form.submit(); })
      .catch(function () { form.submit(); });
  });
})`;

/** Moves a page left open misses when the stream cannot be opened are read this often instead. */
export const TRACKING_POLL_MS = 20_000;

export const TRACKING_SCRIPT = `${TRACKING_SCRIPT_SOURCE}(${TRACKING_POLL_MS});`;
const scriptHash = createHash('sha256').update(TRACKING_SCRIPT).digest('hex').slice(0, 10);
/** Named by its content: cached for a year, and a new build names a new file. */
export const TRACKING_SCRIPT_PATH = `/track-page.${scriptHash}.js`;

export interface Compressed {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compress(text: string): Compressed {
  const raw = Buffer.from(text, 'utf8');
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: gzipSync(raw, { level: 6 }),
  };
}
