/**
 * The console's waitlist and company invitations, on PGlite and PostgreSQL: the list,
 * invite → e-mail with a working link → public check → expiry → a new link kills the old one →
 * revoke → consume once (two at the same moment: one wins) → joined; the audit entries; the
 * authorization matrix over every /api/ops/waitlist endpoint.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, companyInvitations, inboxItems, outboxEmails, waitlistEntries } from '../../src/server/db/schema';
import { consumeInvitation, INVITATION_LIFETIME_MS } from '../../src/server/features/ops/waitlist/service';
import { PAGE_SIZE } from '../../src/server/lib/keyset';
import type { OpsWaitlistEntry } from '../../src/shared/invitations';
import { messages } from '../../src/shared/messages';
import { captchaCookie, GOOD_PASSWORD } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller, type StaffMember } from './opsHelpers';

const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}

let seq = 0;
/** A waitlist entry made directly (the public form is tested in waitlist.test.ts). */
async function entry(t: TestApp, input: { companyName?: string; email?: string; createdAt?: Date } = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(waitlistEntries)
    .values({
      companyName: input.companyName ?? `Company ${seq} ${Math.random().toString(36).slice(2, 6)}`,
      email: input.email ?? `co${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      features: 'Tracking',
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

function act(t: TestApp, member: StaffMember, id: string, action: 'invite' | 'resend' | 'revoke') {
  return asStaff(t, member, { method: 'POST', url: `/api/ops/waitlist/${id}/${action}` });
}

function check(t: TestApp, token: string) {
  return t.app.inject({ method: 'GET', url: `/api/invitations/${encodeURIComponent(token)}`, remoteAddress: nextIp() });
}

/** The token out of the newest invitation e-mail to `to`, after checking the link's shape. */
async function tokenFromEmail(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.subject, messages.invitationEmailSubject)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  expect(mail, `an invitation e-mail to ${to}`).toBeDefined();
  const base = t.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${base}/company-signup\\?invite=([A-Za-z0-9_-]{43})`).exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  expect(mail!.html).toContain(`/company-signup?invite=${match![1]}`);
  return match![1]!;
}

async function auditOf(t: TestApp, entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

describeEachDatabase('ops waitlist: list', (kind) => {
  const t = useApp(kind);

  it('pages newest first by keyset, filters by status and searches company and e-mail', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const tag = Math.random().toString(36).slice(2, 8);
    const base = Date.parse('2030-01-01T00:00:00Z');
    const made = [];
    for (let i = 0; i < PAGE_SIZE + 3; i++) {
      made.push(await entry(t, { companyName: `Kiosk ${tag} ${i}`, email: `kiosk${i}.${tag}@shop.ng`, createdAt: new Date(base + i * 1000) }));
    }
    const first = await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?q=${tag}` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: OpsWaitlistEntry[]; next: string | null };
    expect(page1.items).toHaveLength(PAGE_SIZE);
    expect(page1.items[0]!.companyName).toBe(`Kiosk ${tag} ${PAGE_SIZE + 2}`);
    expect(page1.items[0]!.invitation).toEqual({ state: 'none', sentAt: null, expiresAt: null });
    expect(page1.next).toEqual(expect.any(String));
    const second = await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?q=${tag}&cursor=${page1.next}` });
    const page2 = second.json() as { items: OpsWaitlistEntry[]; next: string | null };
    expect(page2.items.map((e) => e.companyName)).toEqual([`Kiosk ${tag} 2`, `Kiosk ${tag} 1`, `Kiosk ${tag} 0`]);
    expect(page2.next).toBeNull();

    // Search by part of the e-mail, in any case; a % is a literal, not a wildcard.
    const byEmail = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?q=KIOSK7.${tag}` })).json() as { items: OpsWaitlistEntry[] };
    expect(byEmail.items.map((e) => e.email)).toEqual([`kiosk7.${tag}@shop.ng`]);
    const wildcard = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?q=${encodeURIComponent('%')}` })).json() as { items: unknown[] };
    expect(wildcard.items).toEqual([]);

    // Status filter.
    await act(t, staff, made[3]!.id, 'invite');
    const invited = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?status=invited&q=${tag}` })).json() as { items: OpsWaitlistEntry[] };
    expect(invited.items.map((e) => e.id)).toEqual([made[3]!.id]);
    expect(invited.items[0]!.invitation.state).toBe('pending');
    const waiting = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?status=waiting&q=${tag}` })).json() as { items: OpsWaitlistEntry[] };
    expect(waiting.items.map((e) => e.id)).not.toContain(made[3]!.id);
  });

  it('answers bad input with a 400 in the error shape, never a 5xx', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    for (const query of ['status=bogus', 'cursor=garbage', `q=${'x'.repeat(101)}`, 'cursor=' + Buffer.from('["nope","x"]').toString('base64url')]) {
      const res = await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res.body).message).toBe(messages.invalidRequest);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await act(t, staff, id, 'invite');
      expect(res.statusCode, id).toBe(id === 'not-a-uuid' ? 400 : 404);
      if (res.statusCode === 404) expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.opsWaitlistEntryGone });
    }
  });
});

describeEachDatabase('ops waitlist: an invitation from invite to joined', (kind) => {
  const t = useApp(kind);

  it('invite → e-mail with a working link → expiry → new link kills the old → revoke → invite → consume once → joined', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const company = await entry(t, { companyName: 'Mama Put Foods' });

    // Invite.
    const invited = await act(t, staff, company.id, 'invite');
    expect(invited.statusCode).toBe(200);
    const invitedBody = invited.json() as { message: string; entry: OpsWaitlistEntry };
    expect(invitedBody.message).toBe(messages.opsInviteSent('Mama Put Foods'));
    expect(invitedBody.entry.status).toBe('invited');
    expect(invitedBody.entry.invitation.state).toBe('pending');
    const lifetime = Date.parse(invitedBody.entry.invitation.expiresAt!) - Date.now();
    expect(lifetime).toBeGreaterThan(INVITATION_LIFETIME_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(INVITATION_LIFETIME_MS);

    const token1 = await tokenFromEmail(t, company.email);
    // Only the hash is stored, never the token.
    const stored = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, company.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(token1));
    expect(JSON.stringify(stored)).not.toContain(token1);
    expect(stored[0]!.createdBy).toBe(staff.id);

    // The public check.
    const live = await check(t, token1);
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.json()).toEqual({ companyName: 'Mama Put Foods', email: company.email, expiresAt: invitedBody.entry.invitation.expiresAt });

    // A second invite while one is live is refused: send a new link instead.
    const again = await act(t, staff, company.id, 'invite');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toEqual({ field: 'alert', message: messages.opsInviteAlreadyLive });

    // Expiry: age the row.
    await t.database.db.update(companyInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(companyInvitations.tokenHash, sha256(token1)));
    const expired = await check(t, token1);
    expect(expired.statusCode).toBe(404);
    expect(errorOf(expired.body)).toEqual({ field: 'alert', message: messages.invitationInvalid });
    const listed = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?q=${encodeURIComponent(company.email)}` })).json() as { items: OpsWaitlistEntry[] };
    expect(listed.items[0]!.invitation.state).toBe('expired');
    expect(listed.items[0]!.status).toBe('invited');
    // Nothing live to revoke once it expired.
    expect((await act(t, staff, company.id, 'revoke')).statusCode).toBe(409);

    // A new link after expiry, then another while it is live: each kills the one before.
    const resent = await act(t, staff, company.id, 'resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(messages.opsInviteResent('Mama Put Foods'));
    const token2 = await tokenFromEmail(t, company.email);
    expect(token2).not.toBe(token1);
    expect((await check(t, token2)).statusCode).toBe(200);
    expect((await act(t, staff, company.id, 'resend')).statusCode).toBe(200);
    const token3 = await tokenFromEmail(t, company.email);
    const dead = await check(t, token2);
    expect(dead.statusCode).toBe(404);
    expect(errorOf(dead.body)).toEqual({ field: 'alert', message: messages.invitationInvalid });
    expect((await check(t, token3)).statusCode).toBe(200);

    // Revoke: the link dies, the entry waits again, a second revoke is refused.
    const revoked = await act(t, staff, company.id, 'revoke');
    expect(revoked.statusCode).toBe(200);
    const revokedBody = revoked.json() as { message: string; entry: OpsWaitlistEntry };
    expect(revokedBody.message).toBe(messages.opsInviteRevoked('Mama Put Foods'));
    expect(revokedBody.entry.status).toBe('waiting');
    expect(revokedBody.entry.invitation.state).toBe('revoked');
    expect((await check(t, token3)).statusCode).toBe(404);
    expect(errorOf((await act(t, staff, company.id, 'revoke')).body).message).toBe(messages.opsInviteNoneLive);
    // Sending a new link is for invited entries; a waiting one is invited.
    expect(errorOf((await act(t, staff, company.id, 'resend')).body).message).toBe(messages.opsInviteNotInvited);

    // Invite again, and two sign-ups consume the link at the same moment: exactly one wins.
    expect((await act(t, staff, company.id, 'invite')).statusCode).toBe(200);
    const token4 = await tokenFromEmail(t, company.email);
    const db = t.database.db;
    const results = await Promise.all([0, 1].map(() => db.transaction((tx) => consumeInvitation(tx, token4))));
    const winners = results.filter((r) => r !== null);
    expect(winners).toEqual([{ waitlistEntryId: company.id, companyName: 'Mama Put Foods', email: company.email }]);
    expect(await db.transaction((tx) => consumeInvitation(tx, token4))).toBeNull();
    const [after] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, company.id));
    expect(after!.status).toBe('joined');
    expect((await check(t, token4)).statusCode).toBe(404);
    // Dead links are not consumed either.
    for (const old of [token1, token2, token3, 'x', `${token4}x`]) expect(await db.transaction((tx) => consumeInvitation(tx, old))).toBeNull();

    // A joined company is past every action.
    for (const action of ['invite', 'resend', 'revoke'] as const) {
      const res = await act(t, staff, company.id, action);
      expect(res.statusCode, action).toBe(409);
      expect(errorOf(res.body).message).toBe(messages.opsInviteAlreadyJoined);
    }
    const final = (await asStaff(t, staff, { method: 'GET', url: `/api/ops/waitlist?q=${encodeURIComponent(company.email)}` })).json() as { items: OpsWaitlistEntry[] };
    expect(final.items[0]).toMatchObject({ status: 'joined', invitation: { state: 'used' } });

    // Every staff action left exactly one audit entry, by this member, with before and after.
    const audit = await auditOf(t, company.id);
    expect(audit.map((a) => a.action)).toEqual([
      'waitlist.invite',
      'waitlist.resend_invitation',
      'waitlist.resend_invitation',
      'waitlist.revoke_invitation',
      'waitlist.invite',
    ]);
    expect(audit.every((a) => a.staffId === staff.id && a.staffEmail === staff.email && a.entityType === 'waitlist_entry')).toBe(true);
    expect(audit[0]!.before).toEqual({ status: 'waiting', invitation: null });
    expect(audit[0]!.after).toMatchObject({ status: 'invited', invitation: { state: 'pending' } });
    expect(audit[3]!.before).toMatchObject({ status: 'invited', invitation: { state: 'pending' } });
    expect(audit[3]!.after).toMatchObject({ status: 'waiting', invitation: { state: 'revoked' } });
    // Refused actions wrote nothing, and no audit entry holds a token.
    expect(JSON.stringify(audit)).not.toMatch(new RegExp([token1, token2, token3, token4].join('|')));
  });

  it("moves the entry's inbox item: answered when staff invite (audited), closed when the company joins", async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const email = `inbox.${Math.random().toString(36).slice(2, 8)}@lekkibakes.ng`;
    const ip = nextIp();
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      remoteAddress: ip,
      headers: { cookie: await captchaCookie(t, ip) },
      payload: { companyName: 'Lekki Bakes', email, features: 'Tracking' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const [row] = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    const itemOf = async () => (await t.database.db.select().from(inboxItems).where(eq(inboxItems.waitlistEntryId, row!.id)))[0]!;
    expect((await itemOf()).status).toBe('new');

    expect((await act(t, staff, row!.id, 'invite')).statusCode).toBe(200);
    const item = await itemOf();
    expect(item.status).toBe('answered');
    expect((await auditOf(t, item.id)).map((a) => [a.action, a.staffId, a.before, a.after])).toEqual([
      ['inbox.status', staff.id, { status: 'new' }, { status: 'answered' }],
    ]);

    const token = await tokenFromEmail(t, email);
    const signupIp = nextIp();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/companies/signup',
      remoteAddress: signupIp,
      headers: { cookie: await captchaCookie(t, signupIp) },
      payload: { invite: token, company_name: 'Lekki Bakes', contact_person: 'Chiamaka Obi', email, phone: '0803 123 4567', password: GOOD_PASSWORD, address: '12 Admiralty Way', state: 'Lagos', town: 'Ikeja' },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect((await itemOf()).status).toBe('closed');
    // The company's own sign-up is no staff action: no audit entry.
    expect(await auditOf(t, item.id)).toHaveLength(1);
  });

  it('two staff inviting at the same moment: one invitation, one refusal', async () => {
    const a = await signedInStaff(t, 'dispatcher', 'a');
    const b = await signedInStaff(t, 'admin', 'b');
    const company = await entry(t);
    const results = await Promise.all([act(t, a, company.id, 'invite'), act(t, b, company.id, 'invite')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const invitations = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, company.id));
    expect(invitations).toHaveLength(1);
    expect(await auditOf(t, company.id)).toHaveLength(1);
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, company.email));
    expect(mails).toHaveLength(1);
  });

  it('the public check: unknown, malformed and overlong tokens are a 4xx in the error shape; it is rate-limited', async () => {
    for (const token of ['nope', 'A'.repeat(43), '%00', '../../etc/passwd', 'a'.repeat(100)]) {
      const res = await check(t, token);
      expect(res.statusCode, token).toBe(404);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.invitationInvalid });
    }
    // Past the router's 100-character parameter limit: Fastify's router answers 414 itself, before
    // the error handler (app-wide: reported to the lead, who owns app.ts's frameworkErrors).
    const long = await check(t, 'a'.repeat(101));
    expect(long.statusCode).toBe(414);

    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/invitations/nope', remoteAddress: ip })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describeEachDatabase('ops waitlist: authorization matrix', (kind) => {
  const t = useApp(kind);

  type Endpoint = { method: 'GET' | 'POST'; path: string; url: (id: string) => string; staff: number };
  const endpoints: Endpoint[] = [
    { method: 'GET', path: 'GET /api/ops/waitlist', url: () => '/api/ops/waitlist', staff: 200 },
    { method: 'GET', path: 'GET /api/ops/waitlist?status=invited', url: () => '/api/ops/waitlist?status=invited', staff: 200 },
    { method: 'POST', path: 'POST /api/ops/waitlist/:id/invite', url: (id) => `/api/ops/waitlist/${id}/invite`, staff: 200 },
    // On a fresh (waiting) entry: allowed through the guard, refused by the rules.
    { method: 'POST', path: 'POST /api/ops/waitlist/:id/resend', url: (id) => `/api/ops/waitlist/${id}/resend`, staff: 409 },
    { method: 'POST', path: 'POST /api/ops/waitlist/:id/revoke', url: (id) => `/api/ops/waitlist/${id}/revoke`, staff: 409 },
    { method: 'POST', path: 'POST /api/ops/waitlist/not-a-uuid/invite', url: () => '/api/ops/waitlist/not-a-uuid/invite', staff: 400 },
  ];
  const callers: Caller[] = ['no token', 'rider', 'company', 'rider token as staff', 'dispatcher', 'admin'];

  it(`${endpoints.length} endpoints × ${callers.length} callers: everyone but staff gets the 404 of a missing page`, async () => {
    const headers = await matrixCallers(t);
    const rows: string[] = [];
    let cells = 0;
    for (const endpoint of endpoints) {
      const statuses: string[] = [];
      for (const caller of callers) {
        const company = await entry(t);
        const res = await t.app.inject({ method: endpoint.method, url: endpoint.url(company.id), headers: headers[caller], remoteAddress: nextIp() });
        const expected = caller === 'dispatcher' || caller === 'admin' ? endpoint.staff : 404;
        expect([endpoint.path, caller, res.statusCode], res.body).toEqual([endpoint.path, caller, expected]);
        if (expected === 404) expect(res.json()).toEqual(NOT_FOUND);
        else if (expected >= 400) errorOf(res.body);
        // Nobody but staff changed anything.
        if (expected === 404 && endpoint.method === 'POST') {
          expect(await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, company.id))).toEqual([]);
        }
        statuses.push(String(res.statusCode));
        cells += 1;
      }
      rows.push(`${endpoint.path.padEnd(44)} ${statuses.join('  ')}`);
    }
    console.log(`\nAuthorization matrix, waitlist [${kind}]: ${callers.join(' | ')}\n${rows.join('\n')}\n${cells} cells`);
    expect(cells).toBe(endpoints.length * callers.length);
  });
});

