/**
 * The console's inbox API, on PGlite and PostgreSQL: items written with the public
 * forms' rows, the list (newest first, filters, search, keyset pages, tampered cursors), every
 * status move and refusal, assignment, notes, replies through the outbox with Reply-To, the
 * audit rows each action writes, bad input, and the authorization matrix of every endpoint.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, inboxEntries, inboxItems, outboxEmails, staff } from '../../src/server/db/schema';
import { INBOX_STATUSES, type InboxItemDetail, type InboxListItem, type InboxStatus } from '../../src/shared/inbox';
import type { OpsPage } from '../../src/shared/opsForms';
import { site } from '../../src/shared/site';
import { captchaCookie } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller, type StaffMember } from './opsHelpers';

const OPS = 'desk@ogbadispatch.test';
const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };

/** A word no other test uses, to find this test's items by search. */
let wordCounter = 0;
const uniqueWord = (label: string) => `${label}${process.pid}x${++wordCounter}x${Math.random().toString(36).slice(2, 8)}`;

async function postEnquiry(t: TestApp, payload: Record<string, string>) {
  const ip = nextIp();
  const cookie = await captchaCookie(t, ip);
  const res = await t.app.inject({ method: 'POST', url: '/api/enquiries', remoteAddress: ip, headers: { cookie }, payload });
  expect(res.statusCode, res.body).toBe(200);
}

async function postWaitlist(t: TestApp, payload: Record<string, string>) {
  const ip = nextIp();
  const cookie = await captchaCookie(t, ip);
  const res = await t.app.inject({ method: 'POST', url: '/api/waitlist', remoteAddress: ip, headers: { cookie }, payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** An item written straight into the table (for states the forms cannot make in one step). */
async function makeItem(
  t: TestApp,
  values: Partial<typeof inboxItems.$inferInsert> & { name?: string } = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(inboxItems)
    .values({ kind: 'enquiry', name: values.name ?? 'Test Customer', email: 'customer@example.com', message: 'Please call me', ...values })
    .returning({ id: inboxItems.id });
  return row!.id;
}

function list(t: TestApp, member: StaffMember, query: Record<string, string>) {
  return asStaff(t, member, { method: 'GET', url: '/api/ops/inbox', query });
}

async function listOk(t: TestApp, member: StaffMember, query: Record<string, string>): Promise<OpsPage<InboxListItem>> {
  const res = await list(t, member, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function act(t: TestApp, member: StaffMember | null, id: string, action: string, payload: unknown) {
  return asStaff(t, member, { method: 'POST', url: `/api/ops/inbox/${id}/${action}`, payload: payload as Record<string, unknown> });
}

async function actOk(t: TestApp, member: StaffMember, id: string, action: string, payload: unknown): Promise<InboxItemDetail> {
  const res = await act(t, member, id, action, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const auditOf = (t: TestApp, id: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'inbox_item'), eq(auditLog.entityId, id))).orderBy(asc(auditLog.createdAt));

describeEachDatabase('ops inbox API', (kind) => {
  const t = useTestApp(kind, { env: { OPS_EMAIL: OPS }, startWorkers: false });

  it('puts each enquiry, quote and waitlist entry in the inbox as new, newest first, with its fields', async () => {
    const admin = await signedInStaff(t, 'admin');
    const word = uniqueWord('forms');
    await postEnquiry(t, { kind: 'enquiry', name: 'Ada Obi', email: 'Ada.Obi@Example.com', phone: '08012345678', message: `Bikes for Ikeja ${word}` });
    await postEnquiry(t, { kind: 'quote', name: 'Chike Eze', email: 'chike@example.com', phone: '', message: `Quote for 40 parcels ${word}` });
    await postWaitlist(t, { companyName: 'Yaba Foods', email: `${word}@yabafoods.ng`, features: `Same-day ${word}` });

    const page = await listOk(t, admin, { q: word });
    expect(page.next).toBeNull();
    expect(page.items.map((i) => [i.kind, i.name, i.email, i.phone, i.status, i.assignee])).toEqual([
      ['waitlist', 'Yaba Foods', `${word}@yabafoods.ng`, null, 'new', null],
      ['quote', 'Chike Eze', 'chike@example.com', null, 'new', null],
      ['enquiry', 'Ada Obi', 'ada.obi@example.com', '08012345678', 'new', null],
    ]);
    expect(page.items[2]!.excerpt).toBe(`Bikes for Ikeja ${word}`);
    for (const item of page.items) {
      expect(Date.parse(item.createdAt)).not.toBeNaN();
      expect(Date.parse(item.updatedAt)).not.toBeNaN();
    }
  });

  it('a re-join updates the waitlist item; a closed one comes back as new; an open one stays open', async () => {
    const admin = await signedInStaff(t, 'admin');
    const word = uniqueWord('rejoin');
    const email = `${word}@lekki.ng`;
    await postWaitlist(t, { companyName: 'Lekki Movers', email, features: 'Tracking' });
    const [{ id }] = (await listOk(t, admin, { q: word })).items as [InboxListItem];

    await actOk(t, admin, id, 'status', { status: 'open' });
    await postWaitlist(t, { companyName: 'Lekki Movers Ltd', email, features: `Tracking and invoices ${word}` });
    let detail = await (await asStaff(t, admin, { method: 'GET', url: `/api/ops/inbox/${id}` })).json<InboxItemDetail>();
    expect([detail.item.name, detail.item.message, detail.item.status]).toEqual(['Lekki Movers Ltd', `Tracking and invoices ${word}`, 'open']);

    await actOk(t, admin, id, 'status', { status: 'closed' });
    await postWaitlist(t, { companyName: 'Lekki Movers Ltd', email, features: 'Again' });
    detail = await (await asStaff(t, admin, { method: 'GET', url: `/api/ops/inbox/${id}` })).json<InboxItemDetail>();
    expect([detail.item.message, detail.item.status]).toEqual(['Again', 'new']);
    // Still one item for the one entry.
    const rows = await t.database.db.select().from(inboxItems).where(eq(inboxItems.email, email));
    expect(rows).toHaveLength(1);
  });

  it('filters by kind, status and assignee, and searches names, addresses (split at @ and .) and messages by prefix', async () => {
    const admin = await signedInStaff(t, 'admin');
    const dispatcher = await signedInStaff(t, 'dispatcher');
    const word = uniqueWord('filter');
    const a = await makeItem(t, { kind: 'quote', name: `Bola Quote ${word}`, email: 'bola@gmail.com', status: 'open', assigneeId: dispatcher.id });
    const b = await makeItem(t, { kind: 'enquiry', name: `Tunde ${word}`, email: 'tunde@yahoo.com', message: 'need a rider in Surulere', status: 'new' });
    const c = await makeItem(t, { kind: 'waitlist', name: `Kemi Logistics ${word}`, email: 'kemi@kemi.ng', status: 'closed', assigneeId: admin.id });
    const ids = async (query: Record<string, string>) => (await listOk(t, admin, { q: word, ...query })).items.map((i) => i.id).sort();

    expect(await ids({})).toEqual([a, b, c].sort());
    expect(await ids({ kind: 'quote' })).toEqual([a]);
    expect(await ids({ kind: 'waitlist' })).toEqual([c]);
    expect(await ids({ status: 'new' })).toEqual([b]);
    expect(await ids({ status: 'open', kind: 'quote' })).toEqual([a]);
    expect(await ids({ status: 'answered' })).toEqual([]);
    expect(await ids({ assignee: 'none' })).toEqual([b]);
    expect(await ids({ assignee: dispatcher.id })).toEqual([a]);
    expect((await listOk(t, dispatcher, { q: word, assignee: 'me' })).items.map((i) => i.id)).toEqual([a]);
    expect((await listOk(t, admin, { q: word, assignee: 'me' })).items.map((i) => i.id)).toEqual([c]);

    // Search by e-mail domain, a message word's prefix, a name's prefix, in any case.
    expect(await ids({ q: `${word} gmail` })).toEqual([a]);
    expect(await ids({ q: `${word} SURU` })).toEqual([b]);
    expect(await ids({ q: `${word} kem` })).toEqual([c]);
    expect(await ids({ q: `${word} nobodyhasthisword` })).toEqual([]);
    // Punctuation in the box is no word: it neither fails nor narrows the search.
    expect(await ids({ q: `${word} & | ! ( :*` })).toEqual([a, b, c].sort());
    // A NUL byte is refused under the box, as in every field (plugins/hostileInput.ts).
    const nul = await list(t, admin, { q: `${word} \u0000` });
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul.body)).toEqual({ field: 'q', message: 'Invalid request' });

    const assigned = (await listOk(t, admin, { q: word, assignee: dispatcher.id })).items[0]!;
    expect(assigned.assignee).toEqual({ id: dispatcher.id, email: dispatcher.email });
  });

  it('pages by keyset: pages of 25 that never overlap and miss nothing, in (created_at, id) order, ties included', async () => {
    const admin = await signedInStaff(t, 'admin');
    const word = uniqueWord('page');
    const base = Date.parse('2026-01-01T08:00:00Z');
    // 60 items; every third shares its timestamp with the one before, so id breaks the tie.
    const made: Array<{ id: string; at: number }> = [];
    for (let i = 0; i < 60; i++) {
      const at = base + Math.floor(i - Math.floor(i / 3)) * 1000;
      made.push({ id: await makeItem(t, { name: `Paging ${word} ${i}`, createdAt: new Date(at), updatedAt: new Date(at) }), at });
    }
    const expected = [...made].sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1)).map((m) => m.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: OpsPage<InboxListItem> = await listOk(t, admin, { q: word, ...(cursor ? { cursor } : {}) });
      pages += 1;
      expect(page.items.length).toBe(pages < 3 ? 25 : 10);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(60);
    expect(seen).toEqual(expected);

    // Without a search the same items come in the same order among the rest.
    let all: string[] = [];
    cursor = null;
    do {
      const page: OpsPage<InboxListItem> = await listOk(t, admin, cursor ? { cursor } : {});
      all = all.concat(page.items.map((i) => i.id));
      cursor = page.next;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('finds the matches of a search in date order wherever they are, also far behind 5,000 newer items', async () => {
    const admin = await signedInStaff(t, 'admin');
    const word = uniqueWord('deep');
    // 30 matches: 10 among the newest items, 20 behind 5,000 newer ones that do not match.
    await t.database.db.execute(sql`
      insert into inbox_items (kind, name, email, message, created_at, updated_at)
      select 'enquiry', 'Filler ' || i, 'filler' || i || '@example.com', 'nothing to see', timestamptz '2019-01-01' - (i || ' seconds')::interval, now()
      from generate_series(1, 5000) i`);
    // Other tests' items are newer still; the fillers are 2019, the 10 in mid-2019, the 20 in 2018.
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      const at = new Date((i < 10 ? Date.parse('2019-06-01T00:00:00Z') : Date.parse('2018-01-01T00:00:00Z')) - i * 1000);
      made.push(await makeItem(t, { name: `Deep ${word} ${i}`, createdAt: at, updatedAt: at }));
    }
    const first = await listOk(t, admin, { q: word });
    expect(first.items.map((i) => i.id)).toEqual(made.slice(0, 25));
    const second = await listOk(t, admin, { q: word, cursor: first.next! });
    expect(second.items.map((i) => i.id)).toEqual(made.slice(25));
    expect(second.next).toBeNull();
  });

  it('answers a tampered or malformed cursor and bad filters with a 400 in the error shape', async () => {
    const admin = await signedInStaff(t, 'admin');
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: Array<[Record<string, string>, string]> = [
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: b64(['2026-01-01T00:00:00Z', 'not-a-uuid']) }, 'cursor'],
      [{ cursor: b64(['yesterday', '00000000-0000-0000-0000-000000000000']) }, 'cursor'],
      [{ cursor: b64({ at: 1 }) }, 'cursor'],
      [{ cursor: b64(["2026-01-01'); drop table inbox_items; --", '00000000-0000-0000-0000-000000000000']) }, 'cursor'],
      [{ cursor: 'x'.repeat(201) }, 'cursor'],
      [{ kind: 'complaint' }, 'kind'],
      [{ status: 'deleted' }, 'status'],
      [{ assignee: 'someone' }, 'assignee'],
      [{ q: 'a'.repeat(201) }, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await list(t, admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorOf(res.body).field, JSON.stringify(query)).toBe(field);
    }
  });

  it('shows an item whole: message, timeline oldest first with staff e-mails, staff to assign to, Reply-To', async () => {
    const admin = await signedInStaff(t, 'admin');
    const dispatcher = await signedInStaff(t, 'dispatcher');
    const removed = await signedInStaff(t, 'dispatcher', 'removed');
    await t.database.db.update(staff).set({ removedAt: new Date() }).where(eq(staff.id, removed.id));
    const long = 'word '.repeat(100).trim();
    const word = uniqueWord('whole');
    const id = await makeItem(t, { name: `Whole ${word}`, message: long, phone: '0803' });
    await actOk(t, dispatcher, id, 'notes', { body: 'Called, no answer' });
    await actOk(t, admin, id, 'notes', { body: '  Try again at noon  ' });

    const res = await asStaff(t, admin, { method: 'GET', url: `/api/ops/inbox/${id}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json<InboxItemDetail>();
    expect(detail.item).toMatchObject({ id, kind: 'enquiry', message: long, phone: '0803', status: 'new', assignee: null });
    expect(detail.timeline.map((e) => [e.kind, e.staffEmail, e.body, e.subject])).toEqual([
      ['note', dispatcher.email, 'Called, no answer', null],
      ['note', admin.email, 'Try again at noon', null],
    ]);
    const emails = detail.staff.map((s) => s.email);
    expect(emails).toContain(admin.email);
    expect(emails).toContain(dispatcher.email);
    expect(emails).not.toContain(removed.email);
    expect(detail.replyTo).toBe(OPS);
    // The list carries only the start of the message.
    const listed = (await listOk(t, admin, { q: word })).items.find((i) => i.id === id)!;
    expect(listed.excerpt).toBe(long.slice(0, 140));
  });

  it('allows exactly the lifecycle moves (new → open → answered → closed, reopen) and refuses every other with a 409 under status', async () => {
    const admin = await signedInStaff(t, 'admin');
    // The product's rule, written out here rather than read from the code under test.
    const allowed = new Set(['new>open', 'open>answered', 'open>closed', 'answered>closed', 'answered>open', 'closed>open']);
    for (const from of INBOX_STATUSES) {
      for (const to of INBOX_STATUSES) {
        const id = await makeItem(t, { status: from });
        const res = await act(t, admin, id, 'status', { status: to });
        const [row] = await t.database.db.select({ status: inboxItems.status }).from(inboxItems).where(eq(inboxItems.id, id));
        const audit = await auditOf(t, id);
        if (allowed.has(`${from}>${to}`)) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          expect(res.json<InboxItemDetail>().item.status).toBe(to);
          expect(row!.status).toBe(to);
          expect(audit.map((a) => [a.action, a.staffId, a.staffEmail, a.before, a.after])).toEqual([
            ['inbox.status', admin.id, admin.email, { status: from }, { status: to }],
          ]);
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          expect(errorOf(res.body).field).toBe('status');
          expect(row!.status).toBe(from);
          expect(audit).toEqual([]);
        }
      }
    }
  });

  it('walks one item through its whole life and back: new → open → answered → closed → open', async () => {
    const admin = await signedInStaff(t, 'admin');
    const id = await makeItem(t);
    const path: InboxStatus[] = ['open', 'answered', 'closed', 'open'];
    for (const status of path) expect((await actOk(t, admin, id, 'status', { status })).item.status).toBe(status);
    expect((await auditOf(t, id)).map((a) => (a.after as { status: string }).status)).toEqual(path);
  });

  it('assigns to a current staff member or to nobody, audits each change, and refuses unknown or removed staff', async () => {
    const admin = await signedInStaff(t, 'admin');
    const dispatcher = await signedInStaff(t, 'dispatcher');
    const gone = await signedInStaff(t, 'dispatcher', 'gone');
    await t.database.db.update(staff).set({ removedAt: new Date() }).where(eq(staff.id, gone.id));
    const id = await makeItem(t);

    let detail = await actOk(t, admin, id, 'assign', { staffId: dispatcher.id });
    expect(detail.item.assignee).toEqual({ id: dispatcher.id, email: dispatcher.email });
    // The same assignment again changes nothing and writes nothing.
    await actOk(t, admin, id, 'assign', { staffId: dispatcher.id });
    detail = await actOk(t, dispatcher, id, 'assign', { staffId: null });
    expect(detail.item.assignee).toBeNull();

    for (const [staffId, field] of [
      ['00000000-0000-4000-8000-000000000000', 'staffId'],
      [gone.id, 'staffId'],
      ['not-a-uuid', 'staffId'],
      [42, 'staffId'],
    ] as const) {
      const res = await act(t, admin, id, 'assign', { staffId });
      expect(res.statusCode, String(staffId)).toBe(400);
      expect(errorOf(res.body).field).toBe(field);
    }
    const res = await act(t, admin, id, 'assign', {});
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).field).toBe('staffId');

    expect((await auditOf(t, id)).map((a) => [a.action, a.staffEmail, a.before, a.after])).toEqual([
      ['inbox.assign', admin.email, { assigneeId: null, assigneeEmail: null }, { assigneeId: dispatcher.id, assigneeEmail: dispatcher.email }],
      ['inbox.assign', dispatcher.email, { assigneeId: dispatcher.id, assigneeEmail: dispatcher.email }, { assigneeId: null, assigneeEmail: null }],
    ]);
  });

  it('keeps notes on the timeline with an audit entry; refuses empty, overlong and NUL-carrying notes', async () => {
    const dispatcher = await signedInStaff(t, 'dispatcher');
    const id = await makeItem(t, { status: 'closed' });
    // A note can go on an item in any status, closed included, and does not move it.
    const detail = await actOk(t, dispatcher, id, 'notes', { body: 'Customer rang back\nwants Friday' });
    expect(detail.item.status).toBe('closed');
    expect(detail.timeline).toHaveLength(1);
    expect(detail.timeline[0]).toMatchObject({ kind: 'note', staffEmail: dispatcher.email, body: 'Customer rang back\nwants Friday', subject: null });
    const audit = await auditOf(t, id);
    expect(audit.map((a) => [a.action, a.staffId, a.after])).toEqual([
      ['inbox.note', dispatcher.id, { entryId: detail.timeline[0]!.id, body: 'Customer rang back\nwants Friday' }],
    ]);

    for (const payload of [{ body: '' }, { body: '   ' }, { body: 'x'.repeat(4001) }, { body: 'a\u0000b' }, {}, { body: 5 }]) {
      const res = await act(t, dispatcher, id, 'notes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).field).toBe('body');
    }
    const entries = await t.database.db.select().from(inboxEntries).where(eq(inboxEntries.itemId, id));
    expect(entries).toHaveLength(1);
  });

  it('replies by e-mail through the outbox with Reply-To OPS_EMAIL, keeps it on the timeline and marks the item answered, with its audit entry', async () => {
    const admin = await signedInStaff(t, 'admin');
    const word = uniqueWord('reply');
    await postEnquiry(t, { kind: 'quote', name: 'Funke Ade', email: `${word}@Example.com`, phone: '', message: 'How much from Ogba to Lekki?' });
    const [{ id }] = (await listOk(t, admin, { q: word })).items as [InboxListItem];

    const body = 'Good afternoon Funke,\n\nOgba to Lekki is ₦4,500 for a small parcel.\n\nThank you.';
    const detail = await actOk(t, admin, id, 'reply', { subject: 'Your quote from Ogba Dispatch', body });
    expect(detail.item.status).toBe('answered');
    expect(detail.timeline.map((e) => [e.kind, e.staffEmail, e.subject, e.body])).toEqual([['reply', admin.email, 'Your quote from Ogba Dispatch', body]]);

    const mail = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, `${word}@example.com`));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Your quote from Ogba Dispatch', replyTo: OPS, status: 'pending' });
    expect(mail[0]!.text).toContain('Ogba to Lekki is ₦4,500 for a small parcel.');
    expect(mail[0]!.text).toContain('How much from Ogba to Lekki?');
    expect(mail[0]!.html).toContain('Good afternoon Funke,');

    const audit = await auditOf(t, id);
    expect(audit.map((a) => [a.action, a.staffId, a.before, a.after])).toEqual([
      [
        'inbox.reply',
        admin.id,
        { status: 'new' },
        { status: 'answered', entryId: detail.timeline[0]!.id, to: `${word}@example.com`, subject: 'Your quote from Ogba Dispatch' },
      ],
    ]);

    // A second reply on an answered item is fine; on a closed one it is refused until reopened.
    await actOk(t, admin, id, 'reply', { subject: 'One more thing', body: 'We also deliver on Sundays.' });
    await actOk(t, admin, id, 'status', { status: 'closed' });
    const refused = await act(t, admin, id, 'reply', { subject: 'Hello', body: 'Again' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.body).field).toBe('alert');
    expect(await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, `${word}@example.com`))).toHaveLength(2);
  });

  it('refuses a bad reply (empty, two-line subject, overlong, NUL) with a 400 and sends nothing', async () => {
    const admin = await signedInStaff(t, 'admin');
    const email = `${uniqueWord('badreply')}@example.com`;
    const id = await makeItem(t, { email });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: '', body: 'Hi' }, 'subject'],
      [{ subject: 'Hi', body: ' ' }, 'body'],
      [{ subject: 'Hi\r\nBcc: everyone@example.com', body: 'Hi' }, 'subject'],
      [{ subject: 's'.repeat(201), body: 'Hi' }, 'subject'],
      [{ subject: 'Hi', body: 'b'.repeat(10_001) }, 'body'],
      [{ subject: 'Hi\u0000', body: 'Hi' }, 'subject'],
      [{ subject: 'Hi', body: 'Hi\u0000' }, 'body'],
      [{ body: 'Hi' }, 'subject'],
    ];
    for (const [payload, field] of cases) {
      const res = await act(t, admin, id, 'reply', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).field, JSON.stringify(payload)).toBe(field);
    }
    expect(await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).toEqual([]);
    expect(await auditOf(t, id)).toEqual([]);
  });

  it('answers an unknown item with 404, a malformed id with 400, a bad body with 400, never a 5xx', async () => {
    const admin = await signedInStaff(t, 'admin');
    const unknown = '00000000-0000-4000-8000-000000000001';
    const bodies: Record<string, unknown> = { status: { status: 'open' }, assign: { staffId: null }, notes: { body: 'x' }, reply: { subject: 's', body: 'b' } };
    const get = await asStaff(t, admin, { method: 'GET', url: `/api/ops/inbox/${unknown}` });
    expect([get.statusCode, get.json()]).toEqual([404, NOT_FOUND]);
    for (const [action, payload] of Object.entries(bodies)) {
      const res = await act(t, admin, unknown, action, payload);
      expect([res.statusCode, res.json()], action).toEqual([404, NOT_FOUND]);
    }
    for (const badId of ['123', 'not-a-uuid', '00000000-0000-0000-0000-00000000000g', encodeURIComponent("' or 1=1 --"), '%00']) {
      const res = await asStaff(t, admin, { method: 'GET', url: `/api/ops/inbox/${badId}` });
      expect(res.statusCode, badId).toBe(400);
      expect(errorOf(res.body).field).toBe('id');
      const post = await act(t, admin, badId, 'notes', { body: 'x' });
      expect(post.statusCode, badId).toBe(400);
    }
    const id = await makeItem(t);
    for (const payload of [{ status: 'archived' }, {}, { status: null }]) {
      const res = await act(t, admin, id, 'status', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).field).toBe('status');
    }
    const form = await asStaff(t, admin, { method: 'POST', url: `/api/ops/inbox/${id}/status`, headers: { 'content-type': 'text/plain' }, payload: 'status=open' });
    expect(form.statusCode).toBe(400);
    errorOf(form.body);
    const notJson = await asStaff(t, admin, { method: 'POST', url: `/api/ops/inbox/${id}/notes`, headers: { 'content-type': 'application/json' }, payload: '{"body":' });
    expect(notJson.statusCode).toBe(400);
    errorOf(notJson.body);
  });

  it('counts the items in each status', async () => {
    const admin = await signedInStaff(t, 'admin');
    const before = (await asStaff(t, admin, { method: 'GET', url: '/api/ops/inbox/summary' })).json<Record<InboxStatus, number>>();
    await makeItem(t, { status: 'new' });
    await makeItem(t, { status: 'new' });
    await makeItem(t, { status: 'answered' });
    const res = await asStaff(t, admin, { method: 'GET', url: '/api/ops/inbox/summary' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...before, new: before.new + 2, answered: before.answered + 1 });
  });

  it('authorization matrix: every inbox endpoint × every caller; only complete staff sessions get past the 404 of a missing page', async () => {
    const callers = await matrixCallers(t);
    const endpoints: Array<{ name: string; request: (id: string) => { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> } }> = [
      { name: 'GET list', request: () => ({ method: 'GET', url: '/api/ops/inbox?status=new&q=x' }) },
      { name: 'GET summary', request: () => ({ method: 'GET', url: '/api/ops/inbox/summary' }) },
      { name: 'GET item', request: (id) => ({ method: 'GET', url: `/api/ops/inbox/${id}` }) },
      { name: 'POST status', request: (id) => ({ method: 'POST', url: `/api/ops/inbox/${id}/status`, payload: { status: 'open' } }) },
      { name: 'POST assign', request: (id) => ({ method: 'POST', url: `/api/ops/inbox/${id}/assign`, payload: { staffId: null } }) },
      { name: 'POST notes', request: (id) => ({ method: 'POST', url: `/api/ops/inbox/${id}/notes`, payload: { body: 'A note' } }) },
      { name: 'POST reply', request: (id) => ({ method: 'POST', url: `/api/ops/inbox/${id}/reply`, payload: { subject: 'Hi', body: 'Hello' } }) },
    ];
    const staffCallers: Caller[] = ['dispatcher', 'admin'];
    const table: string[] = [];
    let cells = 0;
    for (const endpoint of endpoints) {
      const row: string[] = [];
      for (const [caller, headers] of Object.entries(callers) as Array<[Caller, Record<string, string>]>) {
        // A fresh item in each cell, so a move that one caller made never refuses the next.
        const id = await makeItem(t, { email: `matrix-${uniqueWord('m')}@example.com` });
        const res = await t.app.inject({ ...endpoint.request(id), headers });
        cells += 1;
        row.push(`${caller}: ${res.statusCode}`);
        if (staffCallers.includes(caller)) {
          expect(res.statusCode, `${endpoint.name} as ${caller}: ${res.body}`).toBe(200);
        } else {
          expect(res.statusCode, `${endpoint.name} as ${caller}`).toBe(404);
          expect(res.json(), `${endpoint.name} as ${caller}`).toEqual(NOT_FOUND);
          // Nothing happened: no audit, no timeline, no e-mail, no move.
          expect(await auditOf(t, id)).toEqual([]);
          const [item] = await t.database.db.select().from(inboxItems).where(eq(inboxItems.id, id));
          expect(item!.status).toBe('new');
          expect(await t.database.db.select().from(inboxEntries).where(eq(inboxEntries.itemId, id))).toEqual([]);
        }
      }
      table.push(`${endpoint.name.padEnd(12)} ${row.join(', ')}`);
    }
    // Bad input from a stranger is still the 404: the console's routes are not advertised.
    for (const headers of [callers['no token'], callers.rider, callers['rider token as staff']]) {
      for (const request of [
        { method: 'GET' as const, url: '/api/ops/inbox/not-a-uuid' },
        { method: 'GET' as const, url: '/api/ops/inbox?cursor=garbage' },
        { method: 'POST' as const, url: '/api/ops/inbox/not-a-uuid/notes', payload: { body: '' } },
      ]) {
        const res = await t.app.inject({ ...request, headers });
        expect([res.statusCode, res.json()], request.url).toEqual([404, NOT_FOUND]);
      }
    }
    expect(cells).toBe(endpoints.length * 6);
    console.log(`ops inbox authorization matrix [${kind}]: ${cells} cells\n${table.join('\n')}`);
  });
});

describeEachDatabase('ops inbox API without OPS_EMAIL', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it("sets a reply's Reply-To to the site's own address", async () => {
    const admin = await signedInStaff(t, 'admin');
    const email = `${uniqueWord('noops')}@example.com`;
    const [row] = await t.database.db.insert(inboxItems).values({ kind: 'quote', name: 'N', email, message: 'm' }).returning({ id: inboxItems.id });
    const detail = await actOk(t, admin, row!.id, 'reply', { subject: 'Hello', body: 'Answer' });
    expect(detail.replyTo).toBe(site.email);
    const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail!.replyTo).toBe(site.email);
  });
});
