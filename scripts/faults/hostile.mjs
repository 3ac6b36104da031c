// Generated hostile input over every operation of the app's OpenAPI document (GET /api/docs).
//
// For each documented operation, and for each kind of caller the operation admits (read from its
// description's "Callers: ..." line, which plugins/openapi.ts writes from the route's access
// declaration; signed out for a public one), it sends a few seeded hostile requests WITH A VALID
// CALLER OF THAT KIND, and with the real record in the path half of the time (an inbox item, a
// rider's username, the caller's own engagement, ...), so the requests get past the guard and the
// missing record to the handler's validation: wrong types, missing and extra fields, huge numbers
// and strings, NUL characters, lone surrogates, invalid UTF-8, broken JSON and multipart, wrong
// content types and encodings, duplicated and unknown query parameters, odd headers.
//
// Budget: no answer of 500 or more, no request left without an answer, every /api answer of 400
// or more in {error:{field,message}} (bar an operation's documented HTML statuses).
//
// "Reached": an operation is reached when at least one of its hostile requests was answered by
// something past the guard. The guard (src/server/plugins/access.ts) only ever answers 401 or 404,
// so an answer counts when its status is neither, nor 429 (rate limits run next to the guard),
// nor 0 or 5xx (a failure). A 404 from past the guard (a record not found) is NOT counted: the
// count errs on the side of "not reached". "Reached with its record": an operation with path
// parameters also reached by a request whose path carried only real records.
//
// The transport is the caller's: `send({ method, url, headers, body })` → { status, headers, text }
// (fetch against a listening server in the fault suite, app.inject in the test).

import { messages } from '../../src/shared/messages.ts';

// A small seeded generator, so a failing run can be replayed with the same seed.
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x'.repeat(10_000),
  'ü'.repeat(3000),
  '😀'.repeat(500),
  '\ud800',
  'a\udc00b',
  '\ud83d',
  '\u202e\u200b\ufeff',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  'null',
  '-1',
  '1e309',
  '0000',
  'not-an-email',
  'a@b.c',
  '2030-02-30',
  '00000000-0000-0000-0000-000000000000',
];
const VALUES = [null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, 1e-320, [], [1, 'a'], {}, { $gt: '' }, { __proto__: { admin: true } }, ['\ud800']];
const PATH_VALUES = ['%00', 'a%00b', '..%2F..%2Fetc', '%E0%A4%A', '%ff', '%ED%A0%80', 'x'.repeat(150), '-1', '0', '00000000-0000-0000-0000-000000000000', 'null', '%20', '😀', "'%20OR%201=1"];
const HEADER_NOISE = [
  ['accept', 'application/xml'],
  ['accept', '*/*;q=abc'],
  ['accept-language', 'x'.repeat(4000)],
  ['accept-encoding', 'gzip;q=0, br;q=x, zstd'],
  ['if-none-match', '"\u00ff"'],
  ['range', 'bytes=999999999-'],
  ['cookie', 'captcha_pass=forged.1; a=%ff; ' + 'c'.repeat(2000)],
  ['origin', 'null'],
  ['x-auth-token', 'a.b.c'],
  ['x-ops-token', 'x'.repeat(5000)],
  ['x-api-key', '\u00ff'],
  ['x-tracking-token', 'garbage'],
];

/** encodeURIComponent, with a lone surrogate (which it refuses) sent as a raw %ED%A0%80. */
function encode(value) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}

function typeOf(schema) {
  return Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
}

function hostileValue(r, schema, depth = 0) {
  const roll = r();
  if (roll < 0.35) return pick(r, STRINGS);
  if (roll < 0.55) return pick(r, VALUES);
  // A plausible value of the declared type, sometimes just past its limits.
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return pick(r, [Math.floor(r() * 1000) - 10, 2 ** 31, -(2 ** 31) - 1, 0.5, Number.MAX_SAFE_INTEGER]);
  if (type === 'boolean') return pick(r, [true, false, 'true', 1]);
  if (type === 'array') return depth > 2 ? [] : Array.from({ length: pick(r, [0, 1, 3, 200]) }, () => hostileValue(r, schema.items ?? {}, depth + 1));
  if (type === 'object') return depth > 2 ? {} : hostileBody(r, schema, depth + 1);
  if (schema?.enum && r() < 0.6) return pick(r, schema.enum);
  const max = schema?.maxLength ?? 50;
  const length = r() < 0.3 ? max + 1 : Math.min(max, 12);
  return 'ab'.repeat(Math.ceil(length / 2)).slice(0, length);
}

function hostileBody(r, schema, depth = 0) {
  const props = schema?.properties ?? {};
  const out = {};
  for (const [name, sub] of Object.entries(props)) {
    if (r() < 0.2) continue; // missing
    out[name] = hostileValue(r, sub, depth);
  }
  if (r() < 0.25) out[pick(r, ['extra', '__proto__', 'constructor', 'a\u0000', '\ud800', 'x'.repeat(300)])] = pick(r, STRINGS);
  return out;
}

function multipartBody(r, fields) {
  const boundary = '----hostile' + Math.floor(r() * 1e9);
  const field = pick(r, [...fields, 'file', 'x', 'a\u0000']);
  const variants = [
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a jpeg\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\x00\x00\r\n`, // truncated, no closing boundary
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n<html>not a pdf</html>\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="../../\u0000.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="focal_point"\r\n\r\n${pick(r, ['999,-1', 'x', '\ud800', '50,50,50'])}\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n${'y'.repeat(5000)}\r\n--${boundary}--\r\n`,
    `garbage without boundaries`,
    `--${boundary}--\r\n`,
  ];
  return { body: pick(r, variants), contentType: r() < 0.85 ? `multipart/form-data; boundary=${boundary}` : pick(r, ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x']) };
}

const KINDS = ['public', 'rider', 'company', 'dispatcher', 'admin', 'staffPending', 'apiKey', 'tracking'];

/** The kinds of caller an operation admits: its "Callers: ..." line, else its security schemes. */
export function callersOf(op) {
  const line = /Callers: ([^.]+)\./.exec(op.description ?? '');
  if (line) {
    // A public route that recognises a company's session or a business's API key: those too.
    if (line[1].startsWith('anyone (')) return ['public', ...(/company's session/.test(line[1]) ? ['company'] : []), ...(/API key/.test(line[1]) ? ['apiKey'] : [])];
    const named = line[1].split(',').map((s) => s.trim());
    if (named.includes('anyone') || named.includes('public')) return ['public'];
    const known = named.filter((k) => KINDS.includes(k));
    if (known.length > 0) return known;
  }
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  const kinds = [];
  if (schemes.includes('authToken')) kinds.push('rider', 'company');
  if (schemes.includes('opsToken')) kinds.push('dispatcher', 'admin', 'staffPending');
  return kinds.length > 0 ? kinds : ['public'];
}

/** The operations of the document: method, path template, schemas, callers. */
export function operationsOf(doc) {
  const ops = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const multipart = /multipart\/form-data/.test(op.description ?? '') || 'multipart/form-data' in (op.requestBody?.content ?? {});
      ops.push({
        method: method.toUpperCase(),
        path: p,
        name: `${method.toUpperCase()} ${p}`,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart,
        // The multipart field names the description mentions (profile_image, focal_point, ...).
        multipartFields: multipart ? [...new Set((op.description ?? '').match(/\b[a-z]+_[a-z_]+\b/g) ?? [])] : [],
        params: (op.parameters ?? []).filter((x) => x.in === 'path'),
        query: (op.parameters ?? []).filter((x) => x.in === 'query'),
        callers: callersOf(op),
        // Statuses documented as an HTML page (the unsubscribe link opened from an e-mail).
        htmlStatuses: new Set(
          Object.entries(op.responses ?? {})
            .filter(([, r]) => r.content && 'text/html' in r.content)
            .map(([status]) => Number(status)),
        ),
      });
    }
  }
  return ops;
}

/**
 * The real record for a path parameter, or null: `records` comes from prepareRecords (and the
 * callers' own ids). Matched on the path, so a new route with a new kind of record shows up as
 * "reached, but never with its record" until a line is added here.
 */
export function realParam(records, path, name) {
  const rules = [
    [/^\/riders\/\{username\}|^\/api\/riders\/\{username\}|^\/api\/companies\/(riders|shortlist)\/\{username\}/, 'username', records.riderUsername],
    [/^\/api\/deliveries\/\{id\}/, 'id', records.deliveryId],
    [/^\/api\/ops\/deliveries\/\{id\}/, 'id', records.deliveryId],
    [/^\/api\/users\/jobs\/\{id\}/, 'id', records.jobId],
    [/^\/api\/users\/offers\/\{id\}/, 'id', records.offerId],
    [/^\/api\/companies\/me\/addresses\/\{id\}/, 'id', records.savedAddressId],
    [/^\/api\/riders\/work-history\/\{id\}/, 'id', records.workHistoryId],
    [/^\/api\/riders\/past-employees\/\{id\}/, 'id', records.pastEmployeeId],
    [/^\/api\/(hiring\/requests|engagements)\/\{id\}/, 'id', records.engagementId],
    [/^\/api\/(reviews|ops\/reviews)\/\{id\}/, 'id', records.reviewId],
    [/^\/api\/ops\/staff\/\{id\}/, 'id', records.spareStaffId],
    [/^\/api\/ops\/inbox\/\{id\}/, 'id', records.inboxId],
    [/^\/api\/ops\/waitlist\/\{id\}/, 'id', records.waitlistId],
    [/^\/api\/ops\/riders\/\{id\}/, 'id', records.spareRiderId],
    [/^\/api\/ops\/riders\/\{id\}\/files\/\{fileId\}/, 'fileId', records.riderFileId],
    [/^\/api\/ops\/newsletter\/\{id\}/, 'id', records.subscriberId],
    [/^\/api\/invitations\/\{token\}/, 'token', records.invitationToken],
    [/^\/api\/files\/\{id\}/, 'id', records.fileId],
    [/^\/api\/deliveries\/quotes\/\{id\}/, 'id', records.quoteId],
    [/^\/api\/companies\/me\/api-keys\/\{id\}/, 'id', records.apiKeyId],
    [/^\/api\/deliveries\/tracking\/\{token\}/, 'token', records.trackingToken],
  ];
  for (const [pattern, param, value] of rules) if (param === name && pattern.test(path) && value) return value;
  return null;
}

function lagosToday() {
  return new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

function json(res) {
  try {
    return JSON.parse(res.text);
  } catch {
    return null;
  }
}

function setCookies(res) {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** The first `id` in the first list of the answer ({ items: [{ id }] }, { profile: { workHistories: [...] } }). */
function firstIdIn(value, listName) {
  if (!value || typeof value !== 'object') return null;
  const first = Array.isArray(value[listName]) ? value[listName][0] : null;
  if (first?.id || first?._id) return String(first.id ?? first._id);
  for (const child of Object.values(value)) {
    const found = child && typeof child === 'object' ? firstIdIn(child, listName) : null;
    if (found) return found;
  }
  return null;
}

/** A captcha pass cookie from the stand-in (it accepts tokens that start with pass-), renewed before its uses run out. */
export function captchaPasses(send, nextIp) {
  let cookie = null;
  let uses = 0;
  return async () => {
    if (cookie && uses < 6) {
      uses += 1;
      return cookie;
    }
    const res = await send({ method: 'POST', url: '/api/verify-captcha', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: `pass-${Math.random().toString(36).slice(2)}` }), ip: nextIp() });
    const c = setCookies(res).find((x) => x.startsWith('captcha_pass='));
    cookie = c ? c.split(';')[0] : null;
    uses = 1;
    return cookie;
  };
}

/** A 64 × 64 JPEG: a real picture for the uploads the records need. */
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCABAAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAEF/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AkAIzQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAH/2Q==',
  'base64',
);

function multipartOf(parts) {
  const boundary = `----records${Math.random().toString(16).slice(2)}`;
  const chunks = [];
  for (const part of parts) {
    const disposition = part.filename ? `form-data; name="${part.field}"; filename="${part.filename}"` : `form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}\r\n${part.filename ? 'content-type: image/jpeg\r\n' : ''}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The records the operations' paths name, made through the API itself with the callers of
 * hostileCallers.ts: the rider's work history and past employer, pictures and an ID document,
 * a hiring request the rider accepted and both sides ended and reviewed (the engagement: accept,
 * decline and withdraw then answer 409 on it, which is past the guard and the lookup; the
 * company's review of the rider, which the rider may reply to and staff may hide), an enquiry in
 * the console's inbox, a waitlist entry, an invitation (its token read from the e-mail by
 * `mailTo(address)` → the newest text sent there), a newsletter subscriber. Whatever could not
 * be made is null and named in `notes`, and the run then says which operations never had their
 * record.
 */
export async function prepareRecords(send, fixtures, { nextIp, captcha, mailTo }) {
  const c = fixtures.callers;
  const records = { riderUsername: fixtures.rider.username, spareRiderId: fixtures.spareRiderId, spareStaffId: fixtures.spareStaffId };
  const notes = [];
  const note = (what, res) => {
    if (res.status >= 300) notes.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
    return res;
  };
  const post = async (url, headers, payload, method = 'POST') =>
    note(`${method} ${url}`, await send({ method, url, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(payload), ip: nextIp() }));
  const get = async (url, headers) => note(`GET ${url}`, await send({ method: 'GET', url, headers, ip: nextIp() }));
  const upload = async (url, headers, parts) => {
    const m = multipartOf(parts);
    return note(`POST ${url}`, await send({ method: 'POST', url, headers: { ...headers, 'content-type': m.contentType }, body: m.body, ip: nextIp() }));
  };

  const wh = await post('/api/riders/work-history/create', c.rider.headers, { position: 'Dispatch rider', company_name: 'Hostile Couriers', number_of_years: '1-2', start_date: '2020-01-01', end_date: '2022-01-01' });
  records.workHistoryId = firstIdIn(json(wh), 'workHistories');
  const pe = await post('/api/riders/past-employees/create', c.rider.headers, { company_name: 'Hostile Couriers', company_contact: 'Bisi Ade', start_date: '2020-01-01', end_date: '2022-01-01' });
  records.pastEmployeeId = firstIdIn(json(pe), 'pastEmployees');
  // The rider's picture: its public page's photo.jpg, and a file of GET /api/files/{id}.
  const picture = json(await upload('/api/users/upload-profile-image', c.rider.headers, [{ field: 'profile_image', filename: 'me.jpg', data: JPEG }]));
  records.fileId = /\/files\/([^/?]+)/.exec(picture?.picture?.url ?? '')?.[1] ?? null;
  // The spare rider's ID document, for the console's GET /api/ops/riders/{id}/files/{fileId}.
  await upload('/api/riders/personal-info/save', fixtures.spareRiderHeaders, [
    { field: 'total_years_of_experience', data: '3-5' },
    { field: 'languages_spoken', data: 'English, Yoruba' },
    { field: 'education', data: 'Diploma' },
    { field: 'valid_id', filename: 'id.jpg', data: JPEG },
  ]);
  const spare = json(await get(`/api/ops/riders/${fixtures.spareRiderId}`, c.dispatcher.headers));
  records.riderFileId = spare?.documents?.[0]?.id ?? /\/files\/([^/?]+)$/.exec(spare?.documents?.[0]?.url ?? '')?.[1] ?? null;

  // An engagement, ended and reviewed by both sides (so the company's review of the rider is published).
  const hire = { rider: fixtures.rider.username, role: 'Dispatch rider', state: 'Lagos', town: 'Ikeja', start_date: lagosToday(), pay_note: '₦120,000 a month', message: 'Mornings, Ikeja to Lekki' };
  const engagementId = json(await post('/api/hiring/requests', c.company.headers, hire))?.item?.id ?? null;
  if (engagementId && (await post(`/api/hiring/requests/${engagementId}/accept`, c.rider.headers, {})).status === 200) {
    records.engagementId = engagementId;
    await post(`/api/hiring/requests/${engagementId}/end`, c.company.headers, { outcome: 'completed' });
    await post(`/api/engagements/${engagementId}/reviews/mine`, c.company.headers, { rating: '5', comment: 'On time, every time.', would_hire_again: 'yes' }, 'PUT');
    await post(`/api/engagements/${engagementId}/reviews/mine`, c.rider.headers, { rating: '4', comment: 'Paid on time.' }, 'PUT');
    const window = json(await get(`/api/engagements/${engagementId}/reviews`, c.rider.headers));
    records.reviewId = window?.theirs?.id ?? null;
  }

  // A booking by the company through its own API key: the delivery of GET /api/deliveries/{id}, and
  // the key and the tracking token as callers of their own (the routes that admit them).
  const apiKey = json(await post('/api/companies/me/api-keys', c.company.headers, { name: 'Hostile bookings' }))?.key ?? null;
  if (apiKey) c.apiKey = { headers: { 'x-api-key': apiKey }, spare: { 'x-api-key': apiKey } };
  const held = json(await post('/api/deliveries/quotes', {}, { pickup: { area: 'Ikeja' }, dropoff: { area: 'Lekki' }, parcel: { size: 'small' } }))?.quote?.id;
  const end = (area, name) => ({ area, address: '1 Hostile Street', contact_name: name, contact_phone: '0803 123 4567' });
  const booking = { quote_id: held, sender: { name: 'Hostile Sender', phone: '0803 123 4567', email: 'hostile.sender@example.com' }, pickup: end('Ikeja', 'Ada'), dropoff: end('Lekki', 'Tunde'), description: 'Documents', payment: 'cash_on_pickup' };
  const booked = json(await post('/api/deliveries', apiKey ? { 'x-api-key': apiKey } : c.company.headers, booking))?.delivery;
  records.deliveryId = booked?.id ?? null;
  const trackingToken = booked?.tracking_url?.split('/').pop();
  records.trackingToken = trackingToken ?? null;
  if (trackingToken) c.tracking = { headers: { 'x-tracking-token': trackingToken }, spare: { 'x-tracking-token': trackingToken } };

  // The rider caller at work: switched on in Ikeja (its ID is approved in hostileCallers), a job
  // the dispatcher assigned to it, and an open offer of another booking; the company's saved address.
  await post('/api/users/availability', c.rider.headers, { available: true, areas: ['Ikeja'] }, 'PUT');
  const bookAnother = async (description) => {
    const quoteId = json(await post('/api/deliveries/quotes', {}, { pickup: { area: 'Ikeja' }, dropoff: { area: 'Lekki' }, parcel: { size: 'small' } }))?.quote?.id;
    return json(await post('/api/deliveries', apiKey ? { 'x-api-key': apiKey } : c.company.headers, { ...booking, quote_id: quoteId, description }))?.delivery?.id ?? null;
  };
  const jobId = await bookAnother('The rider caller\'s job');
  if (jobId && (await post(`/api/ops/deliveries/${jobId}/assign`, c.dispatcher.headers, { rider_id: fixtures.rider.id })).status === 200) records.jobId = jobId;
  const offeredId = await bookAnother('Offered to the rider caller');
  if (offeredId && (await post(`/api/ops/deliveries/${offeredId}/offer`, c.dispatcher.headers, { rider_id: fixtures.rider.id })).status === 200) {
    records.offerId = (json(await get('/api/users/offers', c.rider.headers))?.items ?? []).find((o) => o.delivery_id === offeredId)?.id ?? null;
  }
  const saved = { label: 'Hostile shop', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada Obi', contact_phone: '0803 123 4567' };
  records.savedAddressId = json(await post('/api/companies/me/addresses', c.company.headers, saved))?.address?.id ?? null;

  const form = async (url, payload) => {
    const cookie = await captcha();
    return post(url, cookie ? { cookie } : {}, payload);
  };
  await form('/api/enquiries', { kind: 'enquiry', name: 'Hostile Enquirer', email: 'enquirer@example.com', message: 'Do you deliver to Lekki?' });
  records.inboxId = firstIdIn(json(await get('/api/ops/inbox', c.dispatcher.headers)), 'items');
  // Two waitlist entries: one invited (its link's token), one for the console's operations.
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const invited = `invited.${stamp}@example.com`;
  const waiting = `waiting.${stamp}@example.com`;
  await form('/api/waitlist', { companyName: 'Hostile Invited Ltd', email: invited });
  await form('/api/waitlist', { companyName: 'Hostile Waiting Ltd', email: waiting });
  const entries = json(await get('/api/ops/waitlist', c.dispatcher.headers))?.items ?? [];
  records.waitlistId = entries.find((e) => e.email === waiting)?.id ?? null;
  const invitedId = entries.find((e) => e.email === invited)?.id;
  if (invitedId && (await post(`/api/ops/waitlist/${invitedId}/invite`, c.dispatcher.headers, {})).status === 200 && mailTo) {
    records.invitationToken = /[?&]invite=([A-Za-z0-9_-]+)/.exec((await mailTo(invited)) ?? '')?.[1] ?? null;
    if (!records.invitationToken) notes.push(`no invitation link in the e-mail to ${invited}`);
  }
  await form('/api/newsletter', { email: `subscriber.${stamp}@example.com` });
  records.subscriberId = firstIdIn(json(await get('/api/ops/newsletter', c.dispatcher.headers)), 'items');
  const quote = await post('/api/deliveries/quotes', {}, { pickup: { state: 'Lagos', area: 'Ikeja' }, dropoff: { state: 'Lagos', area: 'Yaba' }, parcel: { size: 'small' } });
  records.quoteId = json(quote)?.quote?.id ?? null;
  records.apiKeyId = json(await post('/api/companies/me/api-keys', c.company.headers, { name: 'Hostile shop' }))?.api_key?.id ?? null;
  for (const [name, value] of Object.entries(records)) if (!value) notes.push(`no ${name}`);
  return { records, notes };
}

const OVERSIZED = 'x'.repeat(1024 * 1024 + 10);

/**
 * A body over the limit is answered 413 by Fastify as soon as its Content-Length is read, with
 * `Connection: close` and without reading the body (content-type-parser.js: "the client may send
 * more data"); a client still writing the body then sees its connection closed (EPIPE, reset)
 * instead of the answer. Such a request is counted apart ("cut off"), not as a failure; any other
 * request left without an answer is one.
 */
function cutOff(req, res) {
  return res.status === 0 && req.body === OVERSIZED && /EPIPE|ECONNRESET|UND_ERR_SOCKET|SocketError|other side closed/i.test(String(res.error ?? ''));
}

function makeRequest(r, op, callerHeaders, records, cookie, realFirst = false) {
  let withRecord = op.params.length > 0;
  // Real records in the path most of the time, and always in a caller's first request of an
  // operation: whether an operation is reached past its guard must not hang on the seed's draws.
  const useReal = r() < 0.6 || realFirst;
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name) => {
    const real = realParam(records, op.path, name);
    if (real && useReal) return encodeURIComponent(real);
    withRecord = false;
    return r() < 0.7 ? pick(r, PATH_VALUES) : encode(pick(r, STRINGS).slice(0, 60));
  });
  const query = op.query.length > 0 && r() < 0.7 ? op.query : r() < 0.2 ? [{ name: pick(r, ['q', 'page', 'limit', 'a\u0000', 'cursor']) }] : [];
  if (query.length > 0) {
    const parts = query
      .filter(() => r() < 0.8)
      .map((q) => `${encode(q.name)}=${r() < 0.5 ? encode(String(hostileValue(r, q.schema ?? {}))).slice(0, 3000) : pick(r, PATH_VALUES)}`);
    if (parts.length > 0 && r() < 0.2) parts.push(parts[0]); // a parameter twice: an array where a string is expected
    if (parts.length > 0) url += `?${parts.join('&')}`;
  }
  const headers = { ...callerHeaders };
  if (cookie && r() < 0.8) headers.cookie = cookie;
  if (r() < 0.25) {
    const [name, value] = pick(r, HEADER_NOISE);
    // Noise never replaces the caller's own token: the point is to get past the guard.
    if (!(name in headers)) headers[name] = value;
  }
  let body;
  const sendsBody = op.method !== 'GET' && (op.method !== 'DELETE' || op.body || r() < 0.3);
  if (sendsBody) {
    const form = r();
    if (op.multipart && form < 0.6) {
      const m = multipartBody(r, op.multipartFields);
      body = m.body;
      headers['content-type'] = m.contentType;
    } else if (form < 0.5) {
      body = JSON.stringify(op.body ? hostileBody(r, op.body) : pick(r, [{}, { a: 1 }, [], 'x', null]));
      headers['content-type'] = 'application/json';
    } else if (form < 0.62) {
      body = pick(r, ['{', '{"a":', '[1,', 'nul', '\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"__proto__":{"x":1}}', '{"a":1}'.repeat(3), '1e999', '"' + 'x'.repeat(100) + '"']);
      headers['content-type'] = 'application/json';
    } else if (form < 0.68) {
      // Invalid UTF-8 inside a JSON string.
      body = Buffer.concat([Buffer.from('{"' + (Object.keys(op.body?.properties ?? {})[0] ?? 'a') + '":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);
      headers['content-type'] = 'application/json; charset=utf-8';
    } else if (form < 0.74) {
      const m = multipartBody(r, op.multipartFields);
      body = m.body;
      headers['content-type'] = m.contentType;
    } else if (form < 0.79) {
      body = OVERSIZED; // over the 1 MB body limit
      headers['content-type'] = 'application/json';
    } else if (form < 0.9) {
      body = pick(r, ['a=1&b=%00', '<a>1</a>', 'plain words']);
      headers['content-type'] = pick(r, ['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'application/json; charset=utf-7', 'application/octet-stream', '', 'application/json, text/html']);
    } else {
      body = JSON.stringify(op.body ? hostileBody(r, op.body) : {});
      headers['content-type'] = 'application/json';
      headers['content-encoding'] = pick(r, ['gzip', 'br', 'identity', 'deflate, gzip']);
    }
  }
  return { url, headers, body, withRecord };
}

/** The guard answers only 401 and 404; an answer other than those (and 429, 5xx, none) is from past it. */
/** The guard's 404 (src/shared/messages.ts notFound), the same text a missing record gets. */
const GUARD_NOT_FOUND = messages.notFound;

export function pastTheGuard(status) {
  return status > 0 && status < 500 && status !== 401 && status !== 404 && status !== 429;
}

/** The API's error shape: {error:{field,message}} with two strings and nothing else. */
export function isErrorShape(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return false;
  const e = body.error;
  return typeof e === 'object' && e !== null && Object.keys(e).length === 2 && typeof e.field === 'string' && typeof e.message === 'string' && e.message !== '';
}

/**
 * Sends `perCaller` hostile requests to every operation for every kind of caller it admits,
 * `concurrency` at a time. The operations that end the session they are called with (logouts)
 * use the caller's spare session. Returns the figures and, for each failure, the request and the
 * answer.
 */
export async function hostileRun({ send, doc, fixtures, records, perCaller = 4, seed = 1, concurrency = 8, nextIp, captcha }) {
  const ops = operationsOf(doc);
  const jobs = [];
  for (const op of ops) {
    // A rider still signing up is a second rider: the sign-up routes answer it down another branch.
    const kinds = op.callers.includes('rider') && fixtures.callers.riderSigningUp ? [...op.callers, 'riderSigningUp'] : op.callers;
    for (const kind of kinds) {
      const caller = fixtures.callers[kind];
      if (!caller) continue;
      const headers = /\/logout$/.test(op.path) ? caller.spare : caller.headers;
      for (let i = 0; i < perCaller; i += 1) jobs.push({ op, kind, headers, i });
    }
  }
  const r = rng(seed);
  // Each job's request is drawn up front, in order, so the seed alone decides every request.
  const drawn = jobs.map((job) => ({ ...job, req: makeRequest(r, job.op, job.headers, records, null, job.i === 0), wantsCookie: job.kind === 'public' && r() < 0.7 }));
  const reached = new Set();
  const reachedWithRecord = new Set();
  const failures = [];
  const statuses = {};
  const badByOp = {};
  let sent = 0;
  let bad = 0;
  let cut = 0;
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < drawn.length) {
      const job = drawn[next];
      next += 1;
      const { op, req } = job;
      const headers = { ...req.headers };
      if (job.wantsCookie && !('cookie' in headers)) {
        const cookie = await captcha();
        if (cookie) headers.cookie = cookie;
      }
      const res = await send({ method: op.method, url: req.url, headers, body: req.body, ip: nextIp() });
      sent += 1;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      let parsed = null;
      try {
        parsed = JSON.parse(res.text);
      } catch {
        /* not JSON */
      }
      const contentType = String(res.headers['content-type'] ?? '');
      const page = op.htmlStatuses.has(res.status) && /^text\/html/.test(contentType);
      const api = op.path.startsWith('/api/');
      if (cutOff(req, res)) {
        cut += 1;
        continue;
      }
      const isBad = res.status === 0 || res.status >= 500 || (api && res.status >= 400 && !page && !isErrorShape(parsed));
      if (isBad) {
        bad += 1;
        const key = `${res.status} ${op.name}`;
        badByOp[key] = (badByOp[key] ?? 0) + 1;
        if (failures.length < 200) {
          const body = req.body === undefined ? '' : Buffer.isBuffer(req.body) ? `<${req.body.length} bytes>` : String(req.body).slice(0, 200);
          failures.push({ op: op.name, caller: job.kind, url: req.url.slice(0, 200), contentType: req.headers['content-type'] ?? '', body, status: res.status, answer: (res.text || res.error || '').slice(0, 300) });
        }
      }
      // A 404 that says something other than the guard's "not found" came from past it (e.g. "no photo yet").
      if (pastTheGuard(res.status) || (res.status === 404 && parsed?.error?.message && parsed.error.message !== GUARD_NOT_FOUND)) {
        reached.add(op.name);
        if (req.withRecord) reachedWithRecord.add(op.name);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const withParams = ops.filter((op) => op.params.length > 0);
  return {
    sent,
    bad,
    cutOff: cut,
    badByOp,
    failures,
    statuses,
    operations: ops.length,
    reached: reached.size,
    unreached: ops.filter((op) => !reached.has(op.name)).map((op) => op.name),
    withParams: withParams.length,
    reachedWithRecord: reachedWithRecord.size,
    withoutRecord: withParams.filter((op) => !reachedWithRecord.has(op.name)).map((op) => op.name),
    seconds: (Date.now() - started) / 1000,
  };
}
