/**
 * Hire requests and engagements on PGlite and PostgreSQL: sending (the rider must be
 * listed, one open request per pair, the rider e-mailed), reading (each side its own, keyset
 * paged, filters), every move and every refusal (409 with what the request is now), the
 * e-mails of each move, contact details hidden until acceptance, a race between accept and
 * withdraw, Job Success recomputed, and the authorization matrix over every endpoint.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engagements, outboxEmails, riderCards, users } from '../../src/server/db/schema';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import { HIRE_REQUEST_LIMIT } from '../../src/server/features/hiring/service';
import { PAGE_SIZE } from '../../src/server/lib/keyset';
import { readRiderReputation } from '../../src/server/domain/reputation';
import { DAY_MS, lagosToday, whatsAppLink, type HireActionResponse, type HireItem, type HirePage } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { describeEachDatabase, errorOf, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { act, company, getItem, list, listedRider, postRequest, requestBody, sendRequest, unlistedRider, type Party } from './hiringHelpers';
import { signedInStaff } from './opsHelpers';
import { profileOf, type Rider } from './profileHelpers';

const NOT_FOUND = { field: 'alert', message: messages.notFound };

async function emailsTo(t: TestApp, to: string, subject: string) {
  return t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to.toLowerCase()), eq(outboxEmails.subject, subject)));
}

function suite(kind: DatabaseKind) {
  const t = useTestApp(kind, { startWorkers: false });

  describe('sending a request', () => {
    it('sends a request to a listed rider: 7 days to answer, no contact details, the rider e-mailed with a link to the dashboard', async () => {
      const co = await company(t, 'send', 'Lekki Bakes');
      const rider = await listedRider(t, 'send');
      const before = Date.now();
      const res = await postRequest(t, co, requestBody(rider));
      expect(res.statusCode, res.body).toBe(200);
      const { message, item } = res.json<HireActionResponse>();
      expect(message).toBe(messages.hireRequestSent(item.rider.display_name));
      expect(item).toMatchObject({
        status: 'requested',
        side: 'company',
        role: 'Dispatch rider',
        state: 'Lagos',
        town: 'Ikeja',
        pay_note: '₦120,000 a month plus fuel',
        message: 'Mornings, Ikeja to Lekki',
        responded_at: null,
        ended_at: null,
        ended_by: null,
        end_outcome: null,
        review_deadline: null,
        contact: null,
        company: { name: 'Lekki Bakes', logo: null },
        rider: { username: rider.username, picture: null },
      });
      expect(item.rider.display_name).toMatch(/^Ada O\.$/);
      const expires = Date.parse(item.expires_at);
      expect(expires - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
      expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY_MS + 1000);
      // Nothing of the rider's contact travels before acceptance.
      expect(res.body).not.toContain(rider.phone);
      expect(res.body.toLowerCase()).not.toContain(rider.email.toLowerCase());

      const [mail] = await emailsTo(t, rider.email, messages.hireEmailRequestSubject('Lekki Bakes'));
      expect(mail).toBeTruthy();
      expect(mail!.text).toContain(`${t.config.publicUrl}/rider-dashboard`);
      expect(mail!.text).toContain('Dispatch rider');
      expect(mail!.text).toContain('Mornings, Ikeja to Lekki');
    });

    it('refuses bad input under its field, never 5xx', async () => {
      const co = await company(t, 'bad');
      const rider = await listedRider(t, 'bad');
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ role: '' }, 'role', messages.fieldRequired],
        [{ pay_note: '  ' }, 'pay_note', messages.fieldRequired],
        [{ state: '' }, 'state', messages.selectState],
        [{ town: '' }, 'town', messages.selectTown],
        [{ start_date: '' }, 'start_date', messages.fieldRequired],
        [{ start_date: '2020-01-01' }, 'start_date', messages.hireStartDatePast],
        [{ start_date: 'tomorrow' }, 'start_date', messages.hireStartDateInvalid],
        [{ state: 'Atlantis' }, 'state', messages.unknownState],
        [{ town: 'Nowhere' }, 'town', messages.unknownTown('Lagos')],
        [{ rider: 'no_such_rider_here' }, 'rider', messages.hireRiderNotListed],
        [{ role: 'x'.repeat(81) }, 'role', messages.tooLong(80)],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await postRequest(t, co, requestBody(rider, overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(errorOf(res.body), JSON.stringify(overrides)).toEqual({ field, message });
      }
      const unlisted = await unlistedRider(t);
      const res = await postRequest(t, co, requestBody(unlisted));
      expect([res.statusCode, errorOf(res.body)]).toEqual([400, { field: 'rider', message: messages.hireRiderNotListed }]);
      expect(await t.database.db.select().from(engagements).where(eq(engagements.companyId, co.id))).toEqual([]);
    });

    it('takes the rider’s username without regard to case and trims the fields', async () => {
      const co = await company(t, 'case');
      const rider = await listedRider(t, 'case');
      const item = await sendRequest(t, co, { username: rider.username.toUpperCase() }, { role: '  Van driver  ' });
      expect([item.rider.username, item.role]).toEqual([rider.username, 'Van driver']);
    });

    it('allows one open request or engagement per company and rider; another company may still ask', async () => {
      const co = await company(t, 'once');
      const other = await company(t, 'once-other');
      const rider = await listedRider(t, 'once');
      const first = await sendRequest(t, co, rider);
      const again = await postRequest(t, co, requestBody(rider));
      expect([again.statusCode, errorOf(again.body)]).toEqual([409, { field: 'rider', message: messages.hireAlreadyOpen }]);
      await sendRequest(t, other, rider);
      // Accepted: still open.
      expect((await act(t, rider, first.id, 'accept')).statusCode).toBe(200);
      expect((await postRequest(t, co, requestBody(rider))).statusCode).toBe(409);
      // Ended: a rehire may be asked for.
      expect((await act(t, co, first.id, 'end', { outcome: 'completed' })).statusCode).toBe(200);
      await sendRequest(t, co, rider);
    });

    it('two requests for one pair at the same moment: exactly one is made', async () => {
      const co = await company(t, 'race-send');
      const rider = await listedRider(t, 'race-send');
      const results = await Promise.all([postRequest(t, co, requestBody(rider)), postRequest(t, co, requestBody(rider))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.database.db.select().from(engagements).where(eq(engagements.companyId, co.id));
      expect(rows.length).toBe(1);
    });

    it(`limits a company to ${HIRE_REQUEST_LIMIT.max} requests an hour`, async () => {
      const co = await company(t, 'limit');
      const rider = await listedRider(t, 'limit');
      // Every request the service sees counts, refused or not (a form rule refuses before it).
      for (let i = 0; i < HIRE_REQUEST_LIMIT.max - 1; i++) {
        const res = await postRequest(t, co, requestBody({ username: 'nobody_at_all' }));
        expect(res.statusCode).toBe(400);
      }
      const last = await postRequest(t, co, requestBody(rider));
      expect(last.statusCode).toBe(200);
      const limited = await postRequest(t, co, requestBody(rider));
      expect(limited.statusCode, limited.body).toBe(429);
      expect(errorOf(limited.body).message).toMatch(/Too many attempts/);
    });
  });

  describe('reading', () => {
    it('a company reads the requests it sent, a rider the ones sent to them; nobody else’s', async () => {
      const co = await company(t, 'read');
      const otherCo = await company(t, 'read-other');
      const rider = await listedRider(t, 'read');
      const otherRider = await listedRider(t, 'read-other');
      const a = await sendRequest(t, co, rider);
      const b = await sendRequest(t, co, otherRider);
      const c = await sendRequest(t, otherCo, rider);

      const ids = async (as: Party, query = '') => {
        const res = await list(t, as, query);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<HirePage>().items.map((i) => i.id);
      };
      expect(await ids(co)).toEqual([b.id, a.id]);
      expect(await ids(otherCo)).toEqual([c.id]);
      expect(await ids(rider)).toEqual([c.id, a.id]);
      expect(await ids(otherRider)).toEqual([b.id]);
      expect(await ids(co, `?rider=${rider.username.toUpperCase()}`)).toEqual([a.id]);

      const asRider = (await list(t, rider)).json<HirePage>().items.find((i) => i.id === a.id)!;
      expect(asRider.side).toBe('rider');
      expect(asRider.company.name).toBe(co.name);
      expect(asRider.contact).toBeNull();

      // One item: its two parties only; anyone else the same 404 as a missing page.
      expect((await getItem(t, co, a.id)).json<HireItem>().id).toBe(a.id);
      expect((await getItem(t, rider, a.id)).json<HireItem>().side).toBe('rider');
      for (const outsider of [otherCo, otherRider]) {
        const res = await getItem(t, outsider, a.id);
        expect([res.statusCode, errorOf(res.body)]).toEqual([404, NOT_FOUND]);
      }
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const res = await getItem(t, co, id);
        expect([res.statusCode, errorOf(res.body)]).toEqual([404, NOT_FOUND]);
      }
    });

    it('filters by status as readers see it, and pages newest first by keyset', async () => {
      const co = await company(t, 'page');
      const rider = await listedRider(t, 'page');
      // Old declined requests made directly, one a minute apart, then a live one.
      const start = Date.now() - 2 * DAY_MS;
      await t.database.db.insert(engagements).values(
        Array.from({ length: PAGE_SIZE + 2 }, (_, i) => ({
          companyId: co.id,
          riderId: rider.id,
          role: `Role ${i}`,
          state: 'Lagos',
          town: 'Ikeja',
          startDate: '2026-01-01',
          payNote: 'pay',
          status: 'declined' as const,
          expiresAt: new Date(start + 7 * DAY_MS),
          createdAt: new Date(start + i * 60_000),
        })),
      );
      const live = await sendRequest(t, co, rider);
      const first = (await list(t, co)).json<HirePage>();
      expect(first.items.length).toBe(PAGE_SIZE);
      expect(first.items[0]!.id).toBe(live.id);
      expect(first.items[1]!.role).toBe(`Role ${PAGE_SIZE + 1}`);
      expect(first.next).toBeTruthy();
      const second = (await list(t, co, `?cursor=${first.next}`)).json<HirePage>();
      expect(second.items.map((i) => i.role)).toEqual(['Role 2', 'Role 1', 'Role 0']);
      expect(second.next).toBeNull();

      expect((await list(t, co, '?status=requested')).json<HirePage>().items.map((i) => i.id)).toEqual([live.id]);
      expect((await list(t, co, '?status=open')).json<HirePage>().items.map((i) => i.id)).toEqual([live.id]);
      expect((await list(t, co, '?status=declined')).json<HirePage>().items.length).toBe(PAGE_SIZE);
      expect((await list(t, co, '?status=ended')).json<HirePage>().items).toEqual([]);

      const bad = await list(t, co, '?status=lost');
      expect(bad.statusCode).toBe(400);
      const tampered = await list(t, co, '?cursor=abc');
      expect([tampered.statusCode, errorOf(tampered.body).field]).toEqual([400, 'cursor']);
    });
  });

  describe('the moves', () => {
    it('accept: active, each side sees the other’s contact with a WhatsApp link, the company e-mailed', async () => {
      const co = await company(t, 'accept', 'Ikeja Pharmacy');
      const rider = await listedRider(t, 'accept');
      const sent = await sendRequest(t, co, rider);

      // Before acceptance a company reads nothing of the rider's contact, in any answer.
      for (const res of [await getItem(t, co, sent.id), await list(t, co), await list(t, co, '?status=open')]) {
        expect(res.body).not.toContain(rider.phone);
        expect(res.body.toLowerCase()).not.toContain(rider.email.toLowerCase());
      }
      expect((await getItem(t, co, sent.id)).json<HireItem>().contact).toBeNull();
      expect((await getItem(t, rider, sent.id)).json<HireItem>().contact).toBeNull();

      const res = await act(t, rider, sent.id, 'accept');
      expect(res.statusCode, res.body).toBe(200);
      const { message, item } = res.json<HireActionResponse>();
      expect(message).toBe(messages.hireAccepted('Ikeja Pharmacy'));
      expect(item.status).toBe('active');
      expect(item.responded_at).toBeTruthy();
      expect(item.contact).toEqual({ name: 'Bisi Ade', phone: co.phone, email: co.email.toLowerCase(), whatsapp: whatsAppLink(co.phone) });

      const asCompany = (await getItem(t, co, sent.id)).json<HireItem>();
      expect(asCompany.contact).toEqual({
        name: asCompany.rider.full_name,
        phone: rider.phone,
        email: rider.email.toLowerCase(),
        whatsapp: `https://wa.me/${rider.phone.slice(1)}`,
      });
      expect((await emailsTo(t, co.email, messages.hireEmailAcceptedSubject(asCompany.rider.display_name))).length).toBe(1);
    });

    it('decline: the company e-mailed, no contact ever shown', async () => {
      const co = await company(t, 'decline');
      const rider = await listedRider(t, 'decline');
      const sent = await sendRequest(t, co, rider);
      const res = await act(t, rider, sent.id, 'decline');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<HireActionResponse>()).toMatchObject({ message: messages.hireDeclined, item: { status: 'declined', contact: null } });
      const asCompany = await getItem(t, co, sent.id);
      expect(asCompany.json<HireItem>()).toMatchObject({ status: 'declined', contact: null });
      expect(asCompany.body).not.toContain(rider.phone);
      expect((await emailsTo(t, co.email, messages.hireEmailDeclinedSubject(asCompany.json<HireItem>().rider.display_name))).length).toBe(1);
    });

    it('withdraw: the rider e-mailed', async () => {
      const co = await company(t, 'withdraw', 'Surulere Gas');
      const rider = await listedRider(t, 'withdraw');
      const sent = await sendRequest(t, co, rider);
      const res = await act(t, co, sent.id, 'withdraw');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<HireActionResponse>()).toMatchObject({ message: messages.hireWithdrawn, item: { status: 'withdrawn', contact: null } });
      expect((await emailsTo(t, rider.email, messages.hireEmailWithdrawnSubject('Surulere Gas'))).length).toBe(1);
    });

    it('end: by either side, with how it ended; the review window is 14 days; both e-mailed with a link to review; Job Success recomputed', async () => {
      for (const by of ['company', 'rider'] as const) {
        const co = await company(t, `end-${by}`, `Ends ${by}`);
        const rider = await listedRider(t, `end-${by}`);
        const sent = await sendRequest(t, co, rider);
        await act(t, rider, sent.id, 'accept');
        const ender = by === 'company' ? co : rider;

        const bare = await act(t, ender, sent.id, 'end');
        expect([bare.statusCode, errorOf(bare.body)]).toEqual([400, { field: 'outcome', message: messages.hireOutcomeRequired }]);
        const missing = await act(t, ender, sent.id, 'end', {});
        expect([missing.statusCode, errorOf(missing.body)]).toEqual([400, { field: 'outcome', message: messages.hireOutcomeRequired }]);
        const wrong = await act(t, ender, sent.id, 'end', { outcome: 'fired' });
        expect([wrong.statusCode, errorOf(wrong.body).field]).toEqual([400, 'outcome']);

        const res = await act(t, ender, sent.id, 'end', { outcome: 'early' });
        expect(res.statusCode, res.body).toBe(200);
        const { message, item } = res.json<HireActionResponse>();
        expect(message).toBe(messages.hireEnded);
        expect(item).toMatchObject({ status: 'ended', ended_by: by, end_outcome: 'early' });
        expect(Date.parse(item.review_deadline!) - Date.parse(item.ended_at!)).toBe(14 * DAY_MS);
        // Contact details stay readable after the end (the review and any follow-up).
        expect(item.contact).not.toBeNull();

        const ridersName = item.rider.display_name;
        const [toCompany] = await emailsTo(t, co.email, messages.hireEmailEndedSubject(ridersName));
        const [toRider] = await emailsTo(t, rider.email, messages.hireEmailEndedSubject(`Ends ${by}`));
        expect(toCompany!.text).toContain(`${messages.hireEmailLeaveReview}: ${t.config.publicUrl}/company-dashboard/hires`);
        expect(toRider!.text).toContain(`${messages.hireEmailLeaveReview}: ${t.config.publicUrl}/rider-dashboard`);

        const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
        const facts = await readRiderReputation(t.database.db, rider.id);
        expect(card!.jobsCounted).toBe(facts.jobs);

        const twice = await act(t, co, sent.id, 'end', { outcome: 'completed' });
        expect([twice.statusCode, errorOf(twice.body)]).toEqual([409, { field: 'status', message: messages.hireConflict.ended }]);
      }
    });

    it('refuses a move the status does not allow with a 409 saying what the request is now', async () => {
      const co = await company(t, 'refuse');
      const rider = await listedRider(t, 'refuse');
      const sent = await sendRequest(t, co, rider);
      const notYet = await act(t, co, sent.id, 'end', { outcome: 'completed' });
      expect([notYet.statusCode, errorOf(notYet.body)]).toEqual([409, { field: 'status', message: messages.hireConflict.requested }]);
      await act(t, co, sent.id, 'withdraw');
      for (const [as, action, status] of [
        [rider, 'accept', 'withdrawn'],
        [rider, 'decline', 'withdrawn'],
        [co, 'withdraw', 'withdrawn'],
      ] as const) {
        const res = await act(t, as, sent.id, action);
        expect([res.statusCode, errorOf(res.body)], action).toEqual([409, { field: 'status', message: messages.hireConflict[status] }]);
      }
      const second = await sendRequest(t, co, rider);
      await act(t, rider, second.id, 'accept');
      const late = await act(t, co, second.id, 'withdraw');
      expect([late.statusCode, errorOf(late.body)]).toEqual([409, { field: 'status', message: messages.hireConflict.active }]);
      const again = await act(t, rider, second.id, 'accept');
      expect([again.statusCode, errorOf(again.body)]).toEqual([409, { field: 'status', message: messages.hireConflict.active }]);
    });

    it('the wrong side’s move is the 404 of a missing page, and changes nothing', async () => {
      const co = await company(t, 'side');
      const rider = await listedRider(t, 'side');
      const sent = await sendRequest(t, co, rider);
      for (const [as, action] of [
        [co, 'accept'],
        [co, 'decline'],
        [rider, 'withdraw'],
      ] as const) {
        const res = await act(t, as, sent.id, action);
        expect([res.statusCode, errorOf(res.body)], action).toEqual([404, NOT_FOUND]);
      }
      expect((await getItem(t, co, sent.id)).json<HireItem>().status).toBe('requested');
    });

    it('an accept and a withdraw at the same moment: exactly one wins, the other is told', async () => {
      for (let round = 0; round < 3; round++) {
        const co = await company(t, `race-${round}`);
        const rider = await listedRider(t, `race-${round}`);
        const sent = await sendRequest(t, co, rider);
        const [accepted, withdrawn] = await Promise.all([act(t, rider, sent.id, 'accept'), act(t, co, sent.id, 'withdraw')]);
        const codes = [accepted.statusCode, withdrawn.statusCode];
        expect(codes.sort()).toEqual([200, 409]);
        const [row] = await t.database.db.select().from(engagements).where(eq(engagements.id, sent.id));
        if (accepted.statusCode === 200) {
          expect(row!.status).toBe('active');
          expect(errorOf(withdrawn.body).message).toBe(messages.hireConflict.active);
        } else {
          expect(row!.status).toBe('withdrawn');
          expect(errorOf(accepted.body).message).toBe(messages.hireConflict.withdrawn);
        }
      }
    });

    it('a rehire counts for the rider: accepting a second engagement with the same company recomputes Job Success', async () => {
      const co = await company(t, 'rehire');
      const rider = await listedRider(t, 'rehire');
      const first = await sendRequest(t, co, rider);
      await act(t, rider, first.id, 'accept');
      await act(t, co, first.id, 'end', { outcome: 'completed' });
      const second = await sendRequest(t, co, rider);
      await t.database.db.execute(sql`update rider_cards set jobs_counted = 99 where user_id = ${rider.id}`);
      await act(t, rider, second.id, 'accept');
      const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
      expect(card!.jobsCounted).toBe((await readRiderReputation(t.database.db, rider.id)).jobs);
    });
  });

  describe('the rider’s names', () => {
    async function lastNameOf(id: string): Promise<string> {
      const [row] = await t.database.db.select({ lastName: users.lastName }).from(users).where(eq(users.id, id));
      return row!.lastName!;
    }
    const riderPage = (as: { token: string }, username: string) =>
      t.app.inject({ method: 'GET', url: `/api/companies/riders/${username}`, headers: { 'x-auth-token': as.token } });

    it('the hiring company learns the full name once the rider accepts (and keeps it after the end); before that, and to any other company or stranger, only "Ada O."', async () => {
      const co = await company(t, 'names', 'Names Bakery');
      const other = await company(t, 'names-other', 'Other Bakery');
      const rider = await listedRider(t, 'names');
      const last = await lastNameOf(rider.id);
      const full = `Ada ${last}`;
      const sent = await sendRequest(t, co, rider);
      expect(sent.rider).toMatchObject({ display_name: 'Ada O.', full_name: null });

      const strangers = async () => {
        for (const res of [await riderPage(other, rider.username), await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` })]) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.body).not.toContain(last);
        }
        expect((await riderPage(other, rider.username)).json()).toMatchObject({ display_name: 'Ada O.', full_name: null });
      };
      // Requested: no answer the company reads carries the last name.
      for (const res of [await getItem(t, co, sent.id), await list(t, co), await riderPage(co, rider.username)]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain(last);
      }
      expect((await riderPage(co, rider.username)).json()).toMatchObject({ display_name: 'Ada O.', full_name: null });
      await strangers();

      await act(t, rider, sent.id, 'accept');
      const item = (await getItem(t, co, sent.id)).json<HireItem>();
      expect(item.rider).toMatchObject({ display_name: 'Ada O.', full_name: full });
      expect(item.contact?.name).toBe(full);
      expect((await list(t, co)).json<HirePage>().items.find((i) => i.id === sent.id)?.rider.full_name).toBe(full);
      expect((await riderPage(co, rider.username)).json()).toMatchObject({ display_name: 'Ada O.', full_name: full });
      await strangers();

      await act(t, co, sent.id, 'end', { outcome: 'early' });
      expect((await getItem(t, co, sent.id)).json<HireItem>().rider.full_name).toBe(full);
      expect((await riderPage(co, rider.username)).json()).toMatchObject({ full_name: full });
      await strangers();
    });

    it('a declined, withdrawn or expired request never names the rider in full', async () => {
      const co = await company(t, 'names-no', 'Never Named');
      const rider = await listedRider(t, 'names-no');
      const last = await lastNameOf(rider.id);
      const declined = await sendRequest(t, co, rider);
      await act(t, rider, declined.id, 'decline');
      const withdrawn = await sendRequest(t, co, rider);
      await act(t, co, withdrawn.id, 'withdraw');
      const expired = await sendRequest(t, co, rider);
      await t.database.db.update(engagements).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(engagements.id, expired.id));
      for (const res of [await list(t, co), await riderPage(co, rider.username)]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain(last);
      }
      const items = (await list(t, co)).json<HirePage>().items;
      expect(items.map((i) => [i.status, i.rider.full_name]).sort()).toEqual([
        ['declined', null],
        ['expired', null],
        ['withdrawn', null],
      ]);
    });

    it('a rider who gave no last name is called by the username, also by the company that hired them', async () => {
      const co = await company(t, 'names-one', 'One Name');
      const rider = await listedRider(t, 'names-one');
      await t.database.db.update(users).set({ lastName: null }).where(eq(users.id, rider.id));
      await refreshRiderCard(t.database.db, rider.id);
      const sent = await sendRequest(t, co, rider);
      await act(t, rider, sent.id, 'accept');
      const item = (await getItem(t, co, sent.id)).json<HireItem>();
      expect(item.rider).toMatchObject({ display_name: rider.username, full_name: null });
      expect(item.contact?.name).toBe(rider.username);
    });
  });

  describe('fair Job Success', () => {
    it('a job cannot be marked completed before its start date: 409 under outcome, and the engagement stays active', async () => {
      const co = await company(t, 'early-complete');
      const rider = await listedRider(t, 'early-complete');
      const start = lagosToday(new Date(Date.now() + 3 * DAY_MS));
      const sent = await sendRequest(t, co, rider, { start_date: start });
      expect((await act(t, rider, sent.id, 'accept')).statusCode).toBe(200);
      for (const ender of [co, rider]) {
        const res = await act(t, ender, sent.id, 'end', { outcome: 'completed' });
        const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(new Date(`${start}T12:00:00Z`));
        expect([res.statusCode, errorOf(res.body)]).toEqual([409, { field: 'outcome', message: messages.hireCompletedBeforeStart(day) }]);
      }
      expect((await getItem(t, co, sent.id)).json<HireItem>()).toMatchObject({ status: 'active', end_outcome: null });
      // Ending early stays open before the start.
      const early = await act(t, rider, sent.id, 'end', { outcome: 'early' });
      expect([early.statusCode, early.json<HireActionResponse>().item.end_outcome]).toEqual([200, 'early']);
    });

    it('a job shorter than 7 days ended "completed" does not count toward Job Success on the profile; one of 30 days does', async () => {
      const co = await company(t, 'short-job');
      const rider = await listedRider(t, 'short-job');
      const first = await sendRequest(t, co, rider);
      await act(t, rider, first.id, 'accept');
      expect((await act(t, co, first.id, 'end', { outcome: 'completed' })).statusCode).toBe(200);
      // A rehire would make the first job count (a good one) had it lasted long enough.
      const second = await sendRequest(t, co, rider);
      await act(t, rider, second.id, 'accept');
      expect((await profileOf(t, { ...rider, ip: '198.51.100.32' } satisfies Rider)).reputation.jobs_counted).toBe(0);

      // The same first job, as if it had run 30 days: now it counts.
      await t.database.db.execute(
        sql`update engagements set start_date = (now() - interval '31 days')::date, responded_at = now() - interval '31 days', ended_at = now() - interval '1 day' where id = ${first.id}`,
      );
      expect((await act(t, rider, second.id, 'end', { outcome: 'completed' })).statusCode).toBe(200);
      const third = await sendRequest(t, co, rider);
      await act(t, rider, third.id, 'accept');
      // The 30-day job counts; the second, rehired but ended the day it began, does not.
      expect((await profileOf(t, { ...rider, ip: '198.51.100.32' } satisfies Rider)).reputation.jobs_counted).toBe(1);
      expect((await readRiderReputation(t.database.db, rider.id)).jobs).toBe(1);
    });
  });

  describe('authorization matrix', () => {
    it('every hiring endpoint × {signed out 401, rider, other rider, company, other company, staff 401 (signed out to the marketplace)}', async () => {
      const co = await company(t, 'matrix');
      const otherCo = await company(t, 'matrix-other');
      const rider = await listedRider(t, 'matrix');
      const otherRider = await listedRider(t, 'matrix-other');
      const staff = await signedInStaff(t, 'admin', 'hiring-matrix');
      const callers: Record<string, Record<string, string>> = {
        'signed out': {},
        rider: { 'x-auth-token': rider.token },
        'other rider': { 'x-auth-token': otherRider.token },
        company: { 'x-auth-token': co.token },
        'other company': { 'x-auth-token': otherCo.token },
        // Staff are signed out of the marketplace: their console token opens nothing here.
        staff: { 'x-ops-token': staff.token },
        'staff token as user': { 'x-auth-token': staff.token },
      };
      // Each row: the endpoint, and what each caller gets. Actions run on a fresh request each.
      type Expect = Record<string, number>;
      const outsiders404 = { 'signed out': 401, staff: 401, 'staff token as user': 401, 'other rider': 404, 'other company': 404 };
      const rows: Array<{ name: string; run: (headers: Record<string, string>) => Promise<{ statusCode: number; body: string }>; expect: Expect }> = [];
      const fresh = async (accepted = false) => {
        await t.database.db.execute(sql`update engagements set status = 'withdrawn' where company_id = ${co.id} and status in ('requested', 'active')`);
        // The matrix sends more requests than the hourly limit allows one company.
        await t.app.limits.reset(`hire-request:${co.id}`);
        const item = await sendRequest(t, co, rider);
        if (accepted) await act(t, rider, item.id, 'accept');
        return item.id;
      };
      const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
        t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      rows.push({
        name: 'POST /api/hiring/requests',
        run: async (headers) => {
          await t.database.db.execute(sql`update engagements set status = 'withdrawn' where rider_id = ${rider.id} and status in ('requested', 'active')`);
          return inject('POST', '/api/hiring/requests', headers, requestBody(rider));
        },
        expect: { 'signed out': 401, staff: 401, 'staff token as user': 401, rider: 404, 'other rider': 404, company: 200, 'other company': 200 },
      });
      rows.push({
        name: 'GET /api/hiring/requests',
        run: (headers) => inject('GET', '/api/hiring/requests', headers),
        expect: { 'signed out': 401, staff: 401, 'staff token as user': 401, rider: 200, 'other rider': 200, company: 200, 'other company': 200 },
      });
      rows.push({
        name: 'GET /api/hiring/requests/:id',
        run: async (headers) => inject('GET', `/api/hiring/requests/${await fresh()}`, headers),
        expect: { ...outsiders404, rider: 200, company: 200 },
      });
      rows.push({
        name: 'POST /api/hiring/requests/:id/accept',
        run: async (headers) => inject('POST', `/api/hiring/requests/${await fresh()}/accept`, headers),
        expect: { ...outsiders404, rider: 200, company: 404 },
      });
      rows.push({
        name: 'POST /api/hiring/requests/:id/decline',
        run: async (headers) => inject('POST', `/api/hiring/requests/${await fresh()}/decline`, headers),
        expect: { ...outsiders404, rider: 200, company: 404 },
      });
      rows.push({
        name: 'POST /api/hiring/requests/:id/withdraw',
        run: async (headers) => inject('POST', `/api/hiring/requests/${await fresh()}/withdraw`, headers),
        expect: { ...outsiders404, rider: 404, company: 200 },
      });
      rows.push({
        name: 'POST /api/hiring/requests/:id/end',
        run: async (headers) => inject('POST', `/api/hiring/requests/${await fresh(true)}/end`, headers, { outcome: 'completed' }),
        expect: { ...outsiders404, rider: 200, company: 200 },
      });

      const failures: string[] = [];
      let checks = 0;
      for (const row of rows) {
        for (const [caller, headers] of Object.entries(callers)) {
          const res = await row.run(headers);
          checks++;
          const want = row.expect[caller]!;
          if (res.statusCode !== want) failures.push(`${row.name} as ${caller}: ${res.statusCode} (wanted ${want}) ${res.body.slice(0, 120)}`);
          if (want !== 200) expect(() => errorOf(res.body)).not.toThrow();
          if (want === 404) expect(errorOf(res.body)).toEqual(NOT_FOUND);
        }
      }
      console.log(`\nHiring authorization matrix [${kind}]: ${rows.length} endpoints × ${Object.keys(callers).length} callers = ${checks} checks\n`);
      expect(failures).toEqual([]);

      // The other rider and the other company never see these in their lists either.
      for (const outsider of [otherRider, otherCo]) {
        const items = (await list(t, outsider)).json<HirePage>().items;
        expect(items.filter((i) => i.rider.username === rider.username && i.company.name === co.name)).toEqual([]);
      }
    });
  });
}

describeEachDatabase('hiring', suite);
