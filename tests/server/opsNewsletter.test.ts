/**
 * The newsletter in the console and the subscribers' one-click unsubscribe, on PGlite
 * and PostgreSQL: list, search, paging, the CSV export (formula cells neutralised), a staff
 * unsubscribe with step-up and audit; the "You're subscribed" e-mail with its link and the
 * List-Unsubscribe headers; GET shows a button and changes nothing, POST unsubscribes, a forged
 * token is refused; the authorization matrix over every /api/ops/newsletter endpoint.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, newsletterSubscriptions, outboxEmails } from '../../src/server/db/schema';
import { csvCell } from '../../src/server/features/ops/newsletter/service';
import { PAGE_SIZE } from '../../src/server/lib/keyset';
import { unsubscribeToken } from '../../src/server/domain/unsubscribe';
import { messages } from '../../src/shared/messages';
import type { OpsSubscriber } from '../../src/shared/opsNewsletter';
import { captchaCookie, GOOD_PASSWORD } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller } from './opsHelpers';

const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };

function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}

const unique = () => `${process.pid}${Math.random().toString(36).slice(2, 8)}`;

async function subscriber(t: TestApp, input: { email?: string; sourcePath?: string | null; createdAt?: Date } = {}) {
  const [row] = await t.database.db
    .insert(newsletterSubscriptions)
    .values({
      email: input.email ?? `reader.${unique()}@example.com`,
      sourcePath: input.sourcePath === undefined ? '/' : input.sourcePath,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

async function isSubscribed(t: TestApp, email: string): Promise<boolean> {
  return (await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))).length === 1;
}

function unsubscribe(t: TestApp, method: 'GET' | 'POST', query: string, payload?: { body: string; type: string }) {
  return t.app.inject({
    method,
    url: `/api/newsletter/unsubscribe?${query}`,
    remoteAddress: nextIp(),
    ...(payload ? { payload: payload.body, headers: { 'content-type': payload.type } } : {}),
  });
}

const ONE_CLICK = { body: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' };

describeEachDatabase('newsletter: the confirmation e-mail and one-click unsubscribe', (kind) => {
  const t = useApp(kind);

  it('a new subscription gets one e-mail with the link and the RFC 8058 headers; a repeat gets none', async () => {
    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    const email = `new.${unique()}@example.com`;
    const post = () => t.app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress: ip, headers: { cookie }, payload: { email: `  ${email.toUpperCase()} ` } });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(messages.newsletterWelcomeSubject);
    const url = `${t.config.publicUrl}/api/newsletter/unsubscribe?e=${encodeURIComponent(email)}&t=${unsubscribeToken(t.config, email)}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);

    // The link from the e-mail: GET shows the button and changes nothing (link scanners follow links).
    const path = url.slice(t.config.publicUrl.length);
    const page = await t.app.inject({ method: 'GET', url: path, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(messages.unsubscribeAsk(email));
    expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
    expect(await isSubscribed(t, email)).toBe(true);

    // A mail client's one-click POST unsubscribes; a second one is still a success.
    const done = await t.app.inject({ method: 'POST', url: path, remoteAddress: nextIp(), headers: { 'content-type': ONE_CLICK.type }, payload: ONE_CLICK.body });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(messages.unsubscribeDone(email));
    expect(await isSubscribed(t, email)).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: path, remoteAddress: nextIp() })).statusCode).toBe(200);

    // Subscribing again is a new subscription: a new confirmation e-mail.
    expect((await post()).statusCode).toBe(200);
    expect(await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).toHaveLength(2);
  });

  it('the page button, an empty POST and a JSON POST unsubscribe too', async () => {
    for (const payload of [undefined, { body: 'List-Unsubscribe=One-Click&extra=%ZZ', type: 'application/x-www-form-urlencoded' }, { body: '{}', type: 'application/json' }]) {
      const row = await subscriber(t);
      const res = await unsubscribe(t, 'POST', `e=${encodeURIComponent(row.email)}&t=${unsubscribeToken(t.config, row.email)}`, payload);
      expect(res.statusCode, payload?.type ?? 'no body').toBe(200);
      expect(await isSubscribed(t, row.email)).toBe(false);
    }
  });

  it('a forged or broken link is a 4xx and unsubscribes nobody', async () => {
    const row = await subscriber(t);
    const other = await subscriber(t);
    const good = unsubscribeToken(t.config, row.email);
    const forged = [
      `e=${encodeURIComponent(row.email)}&t=${unsubscribeToken(t.config, other.email)}`,
      // The last character changed (never to itself).
      `e=${encodeURIComponent(row.email)}&t=${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`,
      `e=${encodeURIComponent(row.email)}&t=`,
      `e=${encodeURIComponent(row.email)}`,
      `t=${good}`,
      '',
      `e=${encodeURIComponent(row.email)}&t=${good}&t=${good}`,
    ];
    for (const query of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await unsubscribe(t, method, query, method === 'POST' ? ONE_CLICK : undefined);
        expect([method, query, res.statusCode]).toEqual([method, query, 400]);
        if (res.headers['content-type']?.toString().startsWith('text/html')) expect(res.body).toContain(messages.unsubscribeInvalid);
        else errorOf(res.body);
      }
    }
    const long = await unsubscribe(t, 'POST', `e=${encodeURIComponent(row.email)}&t=${'a'.repeat(129)}`);
    expect(long.statusCode).toBe(400);
    errorOf(long.body);
    const tooBig = await unsubscribe(t, 'POST', `e=${encodeURIComponent(row.email)}&t=${good}`, { body: `x=${'a'.repeat(2000)}`, type: 'application/x-www-form-urlencoded' });
    expect(tooBig.statusCode).toBe(413);
    expect(await isSubscribed(t, row.email)).toBe(true);
    expect(await isSubscribed(t, other.email)).toBe(true);
  });
});

describeEachDatabase('ops newsletter: list, export and staff unsubscribe', (kind) => {
  const t = useApp(kind);

  it('pages newest first by keyset and searches part of the address', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const tag = unique();
    const base = Date.parse('2031-01-01T00:00:00Z');
    for (let i = 0; i < PAGE_SIZE + 2; i++) await subscriber(t, { email: `r${i}.${tag}@mail.ng`, createdAt: new Date(base + i * 1000) });
    const first = await asStaff(t, staff, { method: 'GET', url: `/api/ops/newsletter?q=${tag}` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: OpsSubscriber[]; next: string | null };
    expect(page1.items).toHaveLength(PAGE_SIZE);
    expect(page1.items[0]).toEqual({ id: expect.any(String), email: `r${PAGE_SIZE + 1}.${tag}@mail.ng`, sourcePath: '/', createdAt: new Date(base + (PAGE_SIZE + 1) * 1000).toISOString() });
    const page2 = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/newsletter?q=${tag}&cursor=${page1.next}` })).json() as { items: OpsSubscriber[]; next: string | null };
    expect(page2.items.map((s) => s.email)).toEqual([`r1.${tag}@mail.ng`, `r0.${tag}@mail.ng`]);
    expect(page2.next).toBeNull();
    const one = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/newsletter?q=R12.${tag.toUpperCase()}` })).json() as { items: OpsSubscriber[] };
    expect(one.items.map((s) => s.email)).toEqual([`r12.${tag}@mail.ng`]);
    expect(((await asStaff(t, staff, { method: 'GET', url: '/api/ops/newsletter?q=_' })).json() as { items: unknown[] }).items).toEqual([]);
    for (const query of ['cursor=garbage', `q=${'x'.repeat(101)}`]) {
      const res = await asStaff(t, staff, { method: 'GET', url: `/api/ops/newsletter?${query}` });
      expect(res.statusCode, query).toBe(400);
      errorOf(res.body);
    }
  });

  it('exports every subscriber as CSV with a header row; formula-like cells are neutralised', async () => {
    const staff = await signedInStaff(t, 'admin');
    const tag = unique();
    const plain = await subscriber(t, { email: `plain.${tag}@mail.ng`, sourcePath: '/contact-us' });
    await subscriber(t, { email: `=hyperlink.${tag}@evil.ng`, sourcePath: '=HYPERLINK("http://x","y")' });
    await subscriber(t, { email: `+plus.${tag}@mail.ng`, sourcePath: '-2+3' });
    await subscriber(t, { email: `@at.${tag}@mail.ng`, sourcePath: '@SUM(1)' });
    await subscriber(t, { email: `comma.${tag}@mail.ng`, sourcePath: '/a,"b"\nc' });
    await subscriber(t, { email: `none.${tag}@mail.ng`, sourcePath: null });
    const res = await asStaff(t, staff, { method: 'GET', url: '/api/ops/newsletter/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at,source_path');
    expect(lines.at(-1)).toBe('');
    expect(lines).toContain(`plain.${tag}@mail.ng,${plain.createdAt.toISOString()},/contact-us`);
    const mine = lines.filter((l) => l.includes(tag));
    expect(mine.find((l) => l.includes('hyperlink'))).toMatch(new RegExp(`^'=hyperlink\\.${tag}@evil\\.ng,[^,]+,"'=HYPERLINK\\(""http://x"",""y""\\)"$`));
    expect(mine.find((l) => l.includes('plus'))).toMatch(/^'\+plus\..*,'-2\+3$/);
    expect(mine.find((l) => l.includes('@at.'))).toMatch(/^'@at\..*,'@SUM\(1\)$/);
    expect(mine.find((l) => l.includes('none.'))).toMatch(/,$/);
    // The quoted cell with a line break spans two lines of the split.
    expect(res.body).toContain(`comma.${tag}@mail.ng,`);
    expect(res.body).toContain('"/a,""b""\nc"');
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('ok')).toBe('ok');
  });

  it('staff unsubscribe asks again for the password or a code, deletes the row and writes the audit entry', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const row = await subscriber(t);
    const del = (confirmation: string, id = row.id) =>
      asStaff(t, staff, { method: 'DELETE', url: `/api/ops/newsletter/${id}`, payload: confirmation === '' ? {} : { confirmation } });
    const none = await del('');
    expect(none.statusCode).toBe(403);
    expect(errorOf(none.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmRequired });
    const wrong = await del('not my password');
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmFailed });
    expect(await isSubscribed(t, row.email)).toBe(true);

    const ok = await del(GOOD_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: messages.opsNewsletterUnsubscribed(row.email) });
    expect(await isSubscribed(t, row.email)).toBe(false);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'newsletter.unsubscribe')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff.id, staffEmail: staff.email, entityType: 'newsletter_subscription', after: null });
    expect(audit[0]!.before).toEqual({ email: row.email, sourcePath: '/', createdAt: row.createdAt.toISOString() });

    const gone = await del(GOOD_PASSWORD);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.body)).toEqual({ field: 'alert', message: messages.opsNewsletterGone });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id))).toHaveLength(1);
    const bad = await del(GOOD_PASSWORD, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    errorOf(bad.body);
  });
});

describeEachDatabase('ops newsletter: authorization matrix', (kind) => {
  const t = useApp(kind);

  type Endpoint = { method: 'GET' | 'DELETE'; path: string; url: (id: string) => string; payload?: object; staff: number };
  const endpoints: Endpoint[] = [
    { method: 'GET', path: 'GET /api/ops/newsletter', url: () => '/api/ops/newsletter', staff: 200 },
    { method: 'GET', path: 'GET /api/ops/newsletter?q=a', url: () => '/api/ops/newsletter?q=a', staff: 200 },
    { method: 'GET', path: 'GET /api/ops/newsletter/export.csv', url: () => '/api/ops/newsletter/export.csv', staff: 200 },
    // A wrong confirmation: past the guard, refused by the step-up.
    { method: 'DELETE', path: 'DELETE /api/ops/newsletter/:id', url: (id) => `/api/ops/newsletter/${id}`, payload: { confirmation: 'wrong' }, staff: 403 },
    { method: 'DELETE', path: 'DELETE /api/ops/newsletter/not-a-uuid', url: () => '/api/ops/newsletter/not-a-uuid', staff: 400 },
  ];
  const callers: Caller[] = ['no token', 'rider', 'company', 'rider token as staff', 'dispatcher', 'admin'];

  it(`${endpoints.length} endpoints × ${callers.length} callers: everyone but staff gets the 404 of a missing page`, async () => {
    const headers = await matrixCallers(t);
    const row = await subscriber(t);
    const rows: string[] = [];
    let cells = 0;
    for (const endpoint of endpoints) {
      const statuses: string[] = [];
      for (const caller of callers) {
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url(row.id),
          headers: headers[caller],
          remoteAddress: nextIp(),
          ...(endpoint.payload ? { payload: endpoint.payload } : {}),
        });
        const expected = caller === 'dispatcher' || caller === 'admin' ? endpoint.staff : 404;
        expect([endpoint.path, caller, res.statusCode], res.body).toEqual([endpoint.path, caller, expected]);
        if (expected === 404) expect(res.json()).toEqual(NOT_FOUND);
        else if (expected >= 400) errorOf(res.body);
        statuses.push(String(res.statusCode));
        cells += 1;
      }
      rows.push(`${endpoint.path.padEnd(40)} ${statuses.join('  ')}`);
    }
    console.log(`\nAuthorization matrix, newsletter [${kind}]: ${callers.join(' | ')}\n${rows.join('\n')}\n${cells} cells`);
    expect(cells).toBe(endpoints.length * callers.length);
    expect(await isSubscribed(t, row.email)).toBe(true);
  });
});
