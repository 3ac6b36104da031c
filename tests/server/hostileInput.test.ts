/**
 * Hostile input answers 4xx in the error shape, never a 500: a NUL character or invalid Unicode
 * (a lone surrogate) in any text field (JSON bodies, multipart text fields, query strings, path
 * parameters), multipart bodies without a boundary, truncated or unclosed, and a past employee
 * without the optional company_contact.
 */
import { connect } from 'node:net';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, inboxEntries, inboxItems } from '../../src/server/db/schema';
import { captchaCookie, GOOD_PASSWORD } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { signedInStaff, signedInUser, asStaff } from './opsHelpers';
import { as, daysAgo, profileOf, signedInRider } from './profileHelpers';
import { freshRider, multipart, upload, verifiedRider } from './signupHelpers';

const NUL = '\u0000';

const invalid = (field: string) => ({ field, message: 'Invalid request' });

async function post(t: TestApp, url: string, payload: unknown, withCaptcha = true) {
  const ip = nextIp();
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: withCaptcha ? { cookie: await captchaCookie(t, ip) } : {},
    payload: payload as Record<string, unknown>,
  });
}

describeEachDatabase('a NUL character in any input', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('is refused 400 under its field on every public form', async () => {
    const rider = freshRider('nul');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/newsletter', { email: `a${NUL}@example.com` }, 'email'],
      ['/api/enquiries', { kind: 'enquiry', name: `Ada${NUL}`, email: 'ada@example.com', phone: '', message: 'Hello' }, 'name'],
      ['/api/enquiries', { kind: 'enquiry', name: 'Ada', email: 'ada@example.com', phone: '', message: `Hi${NUL}there` }, 'message'],
      ['/api/waitlist', { companyName: `Ikeja${NUL}Parcels`, email: 'ops@ikejaparcels.ng', features: '' }, 'companyName'],
      ['/api/auth/login', { email: `x${NUL}@example.com`, password: GOOD_PASSWORD }, 'email'],
      ['/api/auth/login', { email: 'x@example.com', password: `pass${NUL}word-long` }, 'password'],
      ['/api/auth/create', { ...rider, username: `u${NUL}x`, user_type: '1' }, 'username'],
      // Nested anywhere in the body: still the top-level field.
      ['/api/newsletter', { email: 'b@example.com', extra: { deep: [`x${NUL}`] } }, 'extra'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(t, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(errorOf(res.body)).toEqual(invalid(field));
    }
  });

  it('is refused in a signed-in profile update, a query string and a path parameter', async () => {
    const rider = await signedInRider(t);
    const res = await as(t, rider, {
      method: 'PUT',
      url: '/api/users/profile-update',
      payload: { username: rider.username, phone: '0803 123 4567', state: 'Lagos', town: 'Ikeja', introduction: `Fast${NUL}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body)).toEqual(invalid('introduction'));

    const param = await as(t, rider, { method: 'DELETE', url: '/api/riders/past-employees/%00' });
    expect(param.statusCode, param.body).toBe(400);
    expect(errorOf(param.body)).toEqual(invalid('id'));

    const query = await t.app.inject({ url: '/api/locations?state=La%00gos' });
    expect(query.statusCode, query.body).toBe(400);
    expect(errorOf(query.body)).toEqual(invalid('state'));
  });

  it('is refused on a console route', async () => {
    const admin = await signedInStaff(t, 'admin', 'nul');
    const res = await asStaff(t, admin, { method: 'POST', url: '/api/ops/staff', payload: { email: `new${NUL}@example.com`, role: 'dispatcher' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body)).toEqual(invalid('email'));
    const search = await asStaff(t, admin, { method: 'GET', url: '/api/ops/riders?q=ada%00' });
    expect(search.statusCode, search.body).toBe(400);
    expect(errorOf(search.body)).toEqual(invalid('q'));
  });

  it('is refused in a multipart text field and kept out of a stored file name', async () => {
    const rider = await signedInRider(t);
    const body = multipart([
      { field: 'total_years_of_experience', data: '3-5' },
      { field: 'languages_spoken', data: `English${NUL}` },
      { field: 'education', data: 'Diploma' },
    ]);
    const res = await as(t, rider, { method: 'POST', url: '/api/riders/personal-info/save', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body)).toEqual(invalid('languages_spoken'));

    // A file's name is only shown, never trusted: a NUL in it is dropped, the upload goes through.
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffb627' } }).png().toBuffer();
    const verified = await verifiedRider(t, nextIp(), 'nulname');
    const named = await upload(t, verified.token, { data: png, filename: `me${NUL}.png`, contentType: 'image/png' });
    expect(named.statusCode, named.body).toBe(200);
  });
});

const LONE = '\ud800';

describeEachDatabase('invalid Unicode (a lone surrogate) in any input', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  async function inboxItem(): Promise<string> {
    const [row] = await t.database.db
      .insert(inboxItems)
      .values({ kind: 'enquiry', name: 'Test Customer', email: 'customer@example.com', message: 'Please call me' })
      .returning({ id: inboxItems.id });
    return row!.id;
  }

  it('is refused 400 under its field in a staff note and reply, and nothing is written', async () => {
    const admin = await signedInStaff(t, 'admin', 'lone');
    const id = await inboxItem();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['notes', { body: `Called${LONE}` }, 'body'],
      ['notes', { body: `\udc00 trailing half first` }, 'body'],
      ['reply', { subject: 'Hello', body: `Thanks${LONE}` }, 'body'],
      ['reply', { subject: `Hi${LONE}`, body: 'Thanks' }, 'subject'],
    ];
    for (const [action, payload, field] of cases) {
      const res = await asStaff(t, admin, { method: 'POST', url: `/api/ops/inbox/${id}/${action}`, payload });
      expect(res.statusCode, `${action} ${res.body}`).toBe(400);
      expect(errorOf(res.body)).toEqual(invalid(field));
    }
    expect(await t.database.db.select().from(inboxEntries).where(eq(inboxEntries.itemId, id))).toEqual([]);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
    // A well-formed pair (an emoji) is text like any other.
    const ok = await asStaff(t, admin, { method: 'POST', url: `/api/ops/inbox/${id}/notes`, payload: { body: 'Customer sent 👍 \ud83d\udc4d' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is refused on public forms, signed-in and company routes, nested and in keys', async () => {
    const rider = await signedInRider(t);
    const publicCases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/enquiries', { kind: 'enquiry', name: `Ada${LONE}`, email: 'ada@example.com', phone: '', message: 'Hello' }, 'name'],
      ['/api/waitlist', { companyName: 'Ikeja Parcels', email: 'ops@ikejaparcels.ng', features: `fast${LONE}` }, 'features'],
      ['/api/newsletter', { email: 'b@example.com', extra: { deep: [`x${LONE}`] } }, 'extra'],
      ['/api/newsletter', { email: 'c@example.com', [`key${LONE}`]: 'x' }, 'alert'],
    ];
    for (const [url, payload, field] of publicCases) {
      const res = await post(t, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(errorOf(res.body)).toEqual(invalid(field));
    }
    const profile = await as(t, rider, {
      method: 'PUT',
      url: '/api/users/profile-update',
      payload: { username: rider.username, phone: '0803 123 4567', state: 'Lagos', town: 'Ikeja', introduction: `Fast${LONE}` },
    });
    expect(profile.statusCode, profile.body).toBe(400);
    expect(errorOf(profile.body)).toEqual(invalid('introduction'));

    const company = await signedInUser(t, 2, 'lone');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/companies/me',
      headers: { 'x-auth-token': company.token },
      payload: { company_name: `Ikeja${LONE}`, contact_person: 'Ngozi Eze', phone: '0809 555 1234', address: '5 Allen Avenue', state: 'Lagos', town: 'Ikeja' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body)).toEqual(invalid('company_name'));
  });

  it('cannot arrive through a query string: the bytes of a lone surrogate stay encoded, never a 500', async () => {
    const admin = await signedInStaff(t, 'admin', 'loneq');
    const res = await asStaff(t, admin, { method: 'GET', url: '/api/ops/inbox?q=%ED%A0%80' });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describeEachDatabase('broken multipart bodies on the upload routes', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('answers 400 in the error shape, never 500', async () => {
    const rider = await signedInRider(t);
    const good = multipart([{ field: 'education', data: 'Diploma' }]);
    const boundary = good.contentType.split('boundary=')[1]!;
    const bodies: Array<[string, string, Buffer]> = [
      ['no boundary', 'multipart/form-data', good.payload],
      ['empty boundary', 'multipart/form-data; boundary=', good.payload],
      ['truncated', good.contentType, good.payload.subarray(0, good.payload.length - 20)],
      ['unclosed', good.contentType, Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="education"\r\n\r\nDiploma`)],
      ['headers cut', good.contentType, Buffer.from(`--${boundary}\r\ncontent-disposition: form-da`)],
      ['empty', good.contentType, Buffer.alloc(0)],
      ['garbage', good.contentType, Buffer.from('not multipart at all')],
    ];
    for (const url of ['/api/users/upload-profile-image', '/api/riders/personal-info/save']) {
      for (const [label, contentType, payload] of bodies) {
        const res = await as(t, rider, { method: 'POST', url, headers: { 'content-type': contentType }, payload });
        expect(res.statusCode, `${url} ${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${label}: ${res.body}`).toBeLessThan(500);
        errorOf(res.body);
      }
    }
  });
});

describeEachDatabase('a past employee without company_contact', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('is created and updated without it (contact stays empty)', async () => {
    const rider = await signedInRider(t);
    const created = await as(t, rider, {
      method: 'POST',
      url: '/api/riders/past-employees/create',
      payload: { company_name: 'Ikeja Parcels', start_date: daysAgo(400), end_date: daysAgo(30) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const [entry] = (await profileOf(t, rider)).pastEmployees;
    expect(entry).toMatchObject({ company_name: 'Ikeja Parcels', company_contact: null });

    const updated = await as(t, rider, {
      method: 'PUT',
      url: '/api/riders/past-employees/update',
      payload: { past_employee_id: entry!._id, company_name: 'Yaba Parcels', start_date: daysAgo(300), end_date: daysAgo(20) },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await profileOf(t, rider)).pastEmployees).toMatchObject([{ company_name: 'Yaba Parcels', company_contact: null }]);
  });
});

/** Sends raw bytes to a listening app and returns the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describeEachDatabase('requests the HTTP parser refuses', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('answer 400 or 431 in the error shape, not Fastify\'s default body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const cases: Array<[string, number]> = [
      ['GET /api/locations HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n', 400],
      ['NOT-A-METHOD\r\n\r\n', 400],
      [`GET /api/locations HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ];
    for (const [request, status] of cases) {
      const answer = await raw(port, request);
      expect(answer.split('\r\n')[0], answer).toBe(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Request Header Fields Too Large'}`);
      expect(errorOf(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(invalid('alert'));
    }
  });

  it('answer CONNECT like any method the server does not route: 404 in the error shape, not a closed socket', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const notFound = { field: 'alert', message: 'Not found' };
    const other = await raw(port, 'PROPFIND /api/locations HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(other.split('\r\n')[0], other).toBe('HTTP/1.1 404 Not Found');
    for (const request of [
      'CONNECT /api/locations HTTP/1.1\r\nHost: x\r\n\r\n',
      'CONNECT /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    ]) {
      const answer = await raw(port, request);
      expect(answer.split('\r\n')[0], `${request}: ${answer}`).toBe('HTTP/1.1 404 Not Found');
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(errorOf(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(notFound);
    }
  });
});
