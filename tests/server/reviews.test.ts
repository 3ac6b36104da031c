/**
 * Reviews after an engagement, on PGlite and PostgreSQL: double-blind (the company
 * writes → the rider sees nothing of it; the rider writes → both published together; neither
 * editable after), edits while written, the rules of each side's form, the 14-day deadline (the
 * written review is published, the other side can no longer write; the sweeper and the lazy
 * read agree), two first reviews at the same moment, the rider's one reply, and the
 * authorization matrix over every endpoint.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engagements, outboxEmails, reviews } from '../../src/server/db/schema';
import { publishDueReviews } from '../../src/server/features/reviews/service';
import { readRiderReputation } from '../../src/server/domain/reputation';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { messages } from '../../src/shared/messages';
import type { ReviewWindowResponse } from '../../src/shared/reviews';
import { buildTestApp, describeEachDatabase, errorOf, postgresAvailable, type DatabaseKind, type TestApp, useTestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';
import {
  cardOf,
  closeWindow,
  companyReview,
  engagementOf,
  parties,
  postReply,
  readWindow,
  riderReview,
  windowOf,
  writeReview,
  written,
} from './reviewHelpers';

const NOT_FOUND = { field: 'alert', message: messages.notFound };

function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}

async function publishedMail(t: TestApp, to: string) {
  return t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to.toLowerCase()), eq(outboxEmails.subject, messages.reviewsPublishedEmailSubject)));
}

describeEachDatabase('reviews: double-blind', (kind) => {
  const t = useApp(kind);

  it('hides the company’s review from the rider until the rider writes; then both are published together and neither can be edited', async () => {
    const { company, rider } = await parties(t, 'blind');
    const id = await engagementOf(t, company, rider, { endedDaysAgo: 2 });

    const opened = await windowOf(t, rider, id);
    expect(opened).toMatchObject({ engagementId: id, side: 'rider', state: 'open', mine: null, theirs: null, canReply: false });
    expect(new Date(opened.deadline).getTime()).toBeGreaterThan(Date.now() + 11 * 24 * 3600 * 1000);

    const first = await written(t, company, id, companyReview(5, 'Secret praise for Ada'));
    expect(first.message).toBe(messages.reviewSaved);
    expect(first.window).toMatchObject({ side: 'company', state: 'written', theirs: null });
    expect(first.window.mine).toMatchObject({ authorRole: 'company', rating: 5, comment: 'Secret praise for Ada', wouldHireAgain: true, hidden: false });

    // The rider sees nothing of it: not the text, not even that it exists.
    const riderRead = await readWindow(t, rider.token, id);
    expect(riderRead.json()).toMatchObject({ state: 'open', mine: null, theirs: null });
    expect(riderRead.body).not.toContain('Secret praise');
    expect(riderRead.body).not.toContain(first.window.mine!.id);
    // Nothing counts yet.
    expect((await cardOf(t, rider.id))?.reviewCount ?? 0).toBe(0);

    const second = await written(t, rider, id, riderReview(4, 'Paid on the dot'));
    expect(second.message).toBe(messages.reviewPublished);
    expect(second.window).toMatchObject({ side: 'rider', state: 'published', canReply: true });
    expect(second.window.mine).toMatchObject({ authorRole: 'rider', rating: 4, comment: 'Paid on the dot', wouldHireAgain: null });
    expect(second.window.theirs).toMatchObject({ authorRole: 'company', rating: 5, comment: 'Secret praise for Ada', wouldHireAgain: true });

    const companyRead = await windowOf(t, company, id);
    expect(companyRead).toMatchObject({ state: 'published', canReply: false });
    expect(companyRead.theirs).toMatchObject({ comment: 'Paid on the dot' });

    const [row] = await t.database.db.select().from(engagements).where(eq(engagements.id, id));
    expect(row!.reviewsPublishedAt).not.toBeNull();
    const card = await cardOf(t, rider.id);
    expect([card!.reviewCount, card!.ratingAverage]).toEqual([1, 500]);
    expect(await publishedMail(t, rider.email)).toHaveLength(1);
    expect(await publishedMail(t, company.email)).toHaveLength(1);

    for (const [party, body] of [
      [company, companyReview(1, 'Changed my mind')],
      [rider, riderReview(1, 'Changed my mind')],
    ] as const) {
      const res = await writeReview(t, party.token, id, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.reviewAlreadyPublished });
    }
    expect((await windowOf(t, rider, id)).theirs!.comment).toBe('Secret praise for Ada');
  });

  it('lets a side edit its review while it waits, keeping one review per side', async () => {
    const { company, rider } = await parties(t, 'edit');
    const id = await engagementOf(t, company, rider);
    await written(t, company, id, companyReview(3, 'Late twice'));
    const edited = await written(t, company, id, companyReview(4, 'Late once, otherwise good', 'no'));
    expect(edited.window.state).toBe('written');
    expect(edited.window.mine).toMatchObject({ rating: 4, comment: 'Late once, otherwise good', wouldHireAgain: false });
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.engagementId, id));
    expect(rows).toHaveLength(1);
  });

  it('checks each side’s form and says what is wrong under the field', async () => {
    const { company, rider } = await parties(t, 'rules');
    const id = await engagementOf(t, company, rider);
    const cases: Array<[typeof company, object, string, string]> = [
      [company, { rating: '', comment: 'Fine', would_hire_again: 'yes' }, 'rating', messages.reviewRatingRequired],
      [company, { rating: '6', comment: 'Fine', would_hire_again: 'yes' }, 'rating', messages.reviewRatingInvalid],
      [company, { rating: '0', comment: 'Fine', would_hire_again: 'yes' }, 'rating', messages.reviewRatingInvalid],
      [company, { rating: '4', comment: '   ', would_hire_again: 'yes' }, 'comment', messages.fieldRequired],
      [company, { rating: '4', comment: 'Fine' }, 'would_hire_again', messages.reviewHireAgainRequired],
      [company, { rating: '4', comment: 'Fine', would_hire_again: 'maybe' }, 'would_hire_again', messages.reviewHireAgainRequired],
      [company, { rating: '4', comment: 'x'.repeat(1001), would_hire_again: 'yes' }, 'comment', messages.tooLong(1000)],
      [rider, { comment: 'Fine' }, 'rating', messages.reviewRatingRequired],
      [rider, { rating: 5, comment: 'Fine' }, 'rating', messages.invalidRequest],
    ];
    for (const [party, body, field, message] of cases) {
      const res = await writeReview(t, party.token, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(res.body);
      expect(error.field).toBe(field);
      if (message !== messages.invalidRequest) expect(error.message).toBe(message);
    }
    // A rider's review has no "would hire again"; an extra field is dropped.
    const ok = await written(t, rider, id, { ...riderReview(), would_hire_again: 'no' });
    expect(ok.window.mine!.wouldHireAgain).toBeNull();
    expect(await t.database.db.select().from(reviews).where(eq(reviews.engagementId, id))).toHaveLength(1);
  });

  it('refuses a review of an engagement that has not ended', async () => {
    const { company, rider } = await parties(t, 'active');
    const id = await engagementOf(t, company, rider, { status: 'active' });
    const res = await writeReview(t, company.token, id, companyReview());
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.reviewNotEnded });
    const read = await readWindow(t, rider.token, id);
    expect(read.statusCode).toBe(409);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.engagementId, id))).toHaveLength(0);
  });

  it('publishes both when the two sides write their first review at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const { company, rider } = await parties(t, `race${round}`);
      const id = await engagementOf(t, company, rider);
      const [a, b] = await Promise.all([writeReview(t, company.token, id, companyReview()), writeReview(t, rider.token, id, riderReview())]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const states = [a.json<ReviewWindowResponse>().window.state, b.json<ReviewWindowResponse>().window.state].sort();
      expect(states).toEqual(['published', 'written']);
      const [row] = await t.database.db.select().from(engagements).where(eq(engagements.id, id));
      expect(row!.reviewsPublishedAt).not.toBeNull();
      expect((await windowOf(t, company, id)).state).toBe('published');
      expect((await windowOf(t, rider, id)).state).toBe('published');
      expect((await cardOf(t, rider.id))!.reviewCount).toBe(1);
    }
  });
});

describeEachDatabase('reviews: the 14-day deadline', (kind) => {
  const t = useApp(kind);

  it('publishes the one written review when the window closes; the other side can no longer write; the sweeper and the lazy read agree', async () => {
    const { company, rider } = await parties(t, 'deadline');
    const id = await engagementOf(t, company, rider, { endedDaysAgo: 13 });
    expect((await windowOf(t, company, id)).state).toBe('open');
    await written(t, company, id, companyReview(4, 'Solid work in Yaba'));
    await closeWindow(t, id);

    // Lazy: read straight from the deadline, before any sweep.
    const riderBefore = await windowOf(t, rider, id);
    const companyBefore = await windowOf(t, company, id);
    expect(riderBefore).toMatchObject({ state: 'closed', mine: null, canReply: true });
    expect(riderBefore.theirs).toMatchObject({ comment: 'Solid work in Yaba', rating: 4 });
    expect(companyBefore).toMatchObject({ state: 'published', theirs: null });
    const lazy = await readRiderReputation(t.database.db, rider.id);
    expect([lazy.reviewCount, lazy.ratingAverageX100]).toEqual([1, 400]);

    for (const [party, body] of [
      [rider, riderReview()],
      [company, companyReview(1, 'Too late')],
    ] as const) {
      const res = await writeReview(t, party.token, id, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.reviewWindowClosed });
    }

    // The sweeper marks it, recomputes the card, tells both; a second sweep finds nothing.
    const swept = await publishDueReviews(t.database.db, t.config);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await publishDueReviews(t.database.db, t.config)).toBe(0);
    const [row] = await t.database.db.select().from(engagements).where(eq(engagements.id, id));
    expect(row!.reviewsPublishedAt).not.toBeNull();
    const card = await cardOf(t, rider.id);
    expect([card!.reviewCount, card!.ratingAverage]).toEqual([lazy.reviewCount, lazy.ratingAverageX100]);
    expect(await windowOf(t, rider, id)).toEqual(riderBefore);
    expect(await windowOf(t, company, id)).toEqual(companyBefore);
    expect(await publishedMail(t, rider.email)).toHaveLength(1);
    expect(await publishedMail(t, company.email)).toHaveLength(1);
    // Still closed to writes after the sweep: published now.
    const late = await writeReview(t, rider.token, id, riderReview());
    expect([late.statusCode, errorOf(late.body).message]).toEqual([409, messages.reviewAlreadyPublished]);
  });

  it('closes a window nobody wrote in without e-mailing anyone', async () => {
    const { company, rider } = await parties(t, 'silent');
    const id = await engagementOf(t, company, rider, { endedDaysAgo: 20 });
    expect(await windowOf(t, rider, id)).toMatchObject({ state: 'closed', mine: null, theirs: null, canReply: false });
    expect(await windowOf(t, company, id)).toMatchObject({ state: 'closed', mine: null, theirs: null });
    await publishDueReviews(t.database.db, t.config);
    const [row] = await t.database.db.select().from(engagements).where(eq(engagements.id, id));
    expect(row!.reviewsPublishedAt).not.toBeNull();
    expect(await publishedMail(t, rider.email)).toHaveLength(0);
    expect(await publishedMail(t, company.email)).toHaveLength(0);
  });
});

describeEachDatabase('reviews: the rider’s one reply', (kind) => {
  const t = useApp(kind);

  it('lets the rider reply once to the company’s published review, and nobody else', async () => {
    const { company, rider } = await parties(t, 'reply');
    const other = await signedInUser(t, 1, 'reply-other');
    const id = await engagementOf(t, company, rider);
    const companyWrote = await written(t, company, id, companyReview(2, 'Lost a parcel'));
    const reviewId = companyWrote.window.mine!.id;

    // Before publication there is nothing to reply to.
    const early = await postReply(t, rider.token, reviewId, 'That parcel was never handed to me');
    expect([early.statusCode, errorOf(early.body)]).toEqual([409, { field: 'alert', message: messages.reviewReplyNotPublished }]);

    const riderWrote = await written(t, rider, id, riderReview(3, 'Unclear pickup points'));
    expect(riderWrote.window.canReply).toBe(true);

    for (const [who, token] of [
      ['company', company.token],
      ['other rider', other.token],
    ] as const) {
      const res = await postReply(t, token, reviewId, 'Not mine to answer');
      expect([who, res.statusCode, errorOf(res.body)]).toEqual([who, 404, NOT_FOUND]);
    }
    // The rider's own review is not theirs to reply to.
    const own = await postReply(t, rider.token, riderWrote.window.mine!.id, 'Replying to myself');
    expect([own.statusCode, errorOf(own.body)]).toEqual([404, NOT_FOUND]);
    const empty = await postReply(t, rider.token, reviewId, '  ');
    expect([empty.statusCode, errorOf(empty.body)]).toEqual([400, { field: 'reply', message: messages.fieldRequired }]);

    const res = await postReply(t, rider.token, reviewId, 'The parcel was never handed to me.');
    expect(res.statusCode).toBe(200);
    const body = res.json<ReviewWindowResponse>();
    expect(body.message).toBe(messages.reviewReplyPosted);
    expect(body.window.canReply).toBe(false);
    expect(body.window.theirs).toMatchObject({ reply: 'The parcel was never handed to me.' });
    expect(body.window.theirs!.repliedAt).not.toBeNull();
    expect((await windowOf(t, company, id)).mine!.reply).toBe('The parcel was never handed to me.');

    const again = await postReply(t, rider.token, reviewId, 'And another thing');
    expect([again.statusCode, errorOf(again.body)]).toEqual([409, { field: 'alert', message: messages.reviewReplyExists }]);
    expect((await windowOf(t, rider, id)).theirs!.reply).toBe('The parcel was never handed to me.');
  });
});

type Who = 'signed out' | 'rider' | 'other rider' | 'company' | 'other company' | 'staff';
const WHO: Who[] = ['signed out', 'rider', 'other rider', 'company', 'other company', 'staff'];

describeEachDatabase('reviews: authorization matrix', (kind) => {
  const t = useApp(kind);

  async function callers() {
    const { company, rider } = await parties(t, 'matrix');
    const otherRider = await signedInUser(t, 1, 'matrix-other-rider');
    const otherCompany = await signedInUser(t, 2, 'matrix-other-co');
    const staff = await signedInStaff(t, 'admin', 'reviews-matrix');
    const headers: Record<Who, { token: string | null; extra: Record<string, string> }> = {
      'signed out': { token: null, extra: {} },
      rider: { token: rider.token, extra: {} },
      'other rider': { token: otherRider.token, extra: {} },
      company: { token: company.token, extra: {} },
      'other company': { token: otherCompany.token, extra: {} },
      staff: { token: null, extra: { [STAFF_TOKEN_HEADER]: staff.token } },
    };
    return { company, rider, headers };
  }

  it('GET and PUT: only the two parties, and only for an ended engagement; nobody writes two', async () => {
    const { company, rider, headers } = await callers();
    const id = await engagementOf(t, company, rider);
    const expectedRead: Record<Who, number> = { 'signed out': 401, rider: 200, 'other rider': 404, company: 200, 'other company': 404, staff: 401 };
    const table: string[] = [];
    for (const who of WHO) {
      const { token, extra } = headers[who];
      const read = await readWindow(t, token, id, extra);
      const body = who === 'company' || who === 'other company' || who === 'staff' ? companyReview() : riderReview();
      const write = await writeReview(t, token, id, body, extra);
      table.push(`${who}: GET ${read.statusCode} PUT ${write.statusCode}`);
      expect(read.statusCode, `GET as ${who}`).toBe(expectedRead[who]);
      expect(write.statusCode, `PUT as ${who}`).toBe(expectedRead[who]);
      if (read.statusCode === 404) expect(errorOf(read.body)).toEqual(NOT_FOUND);
      if (write.statusCode === 404) expect(errorOf(write.body)).toEqual(NOT_FOUND);
      if (read.statusCode === 401) expect(errorOf(read.body).message).toBe(messages.signInAgain);
    }
    console.log(`\nReviews matrix [${kind}] on an ended engagement:\n  ${table.join('\n  ')}`);
    // One review per side, whoever tried: the company's first write published both.
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.engagementId, id));
    expect(rows.map((r) => r.authorRole).sort()).toEqual(['company', 'rider']);
    expect(rows.find((r) => r.authorRole === 'company')!.authorId).toBe(company.id);
    expect(rows.find((r) => r.authorRole === 'rider')!.authorId).toBe(rider.id);

    // A missing engagement and a malformed id.
    const missing = await readWindow(t, rider.token, '00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, errorOf(missing.body)]).toEqual([404, NOT_FOUND]);
    const malformed = await readWindow(t, rider.token, 'not-an-id');
    expect(malformed.statusCode).toBe(400);

    // Not ended: the parties are told so; everyone else still gets the 404.
    const active = await engagementOf(t, company, rider, { status: 'active' });
    for (const who of WHO) {
      const { token, extra } = headers[who];
      const res = await writeReview(t, token, active, who.includes('company') ? companyReview() : riderReview(), extra);
      const expected = who === 'rider' || who === 'company' ? 409 : expectedRead[who];
      expect(res.statusCode, `PUT on an active engagement as ${who}`).toBe(expected);
    }
    expect(await t.database.db.select().from(reviews).where(eq(reviews.engagementId, active))).toHaveLength(0);
  });

  it('POST reply: only the rider the published company review is about', async () => {
    const { company, rider, headers } = await callers();
    const id = await engagementOf(t, company, rider);
    const companyWrote = await written(t, company, id, companyReview());
    await written(t, rider, id, riderReview());
    const reviewId = companyWrote.window.mine!.id;
    const expected: Record<Who, number> = { 'signed out': 401, 'other rider': 404, company: 404, 'other company': 404, staff: 401, rider: 200 };
    // The allowed caller last, so the refusals are not just "already replied".
    for (const who of [...WHO.filter((w) => w !== 'rider'), 'rider' as const]) {
      const { token, extra } = headers[who];
      const res = await postReply(t, token, reviewId, `Reply as ${who}`, extra);
      expect(res.statusCode, `reply as ${who}`).toBe(expected[who]);
    }
    expect((await windowOf(t, company, id)).mine!.reply).toBe('Reply as rider');
  });
});


describe.skipIf(!postgresAvailable)('reviews: the publish sweeper with workers on, two instances on one database [postgres]', () => {
  const t = useApp('postgres');

  it('publishes a closed window once when two instances start their workers together, and stops with the app', async () => {
    const { company, rider } = await parties(t, 'sweeper');
    const id = await engagementOf(t, company, rider, { endedDaysAgo: 13 });
    await written(t, company, id, companyReview(5, 'Swept by the worker'));
    await closeWindow(t, id);
    // Two more instances on the same database, with their background workers on: each sweeps once it is ready.
    const [b, c] = await Promise.all([
      buildTestApp({ database: 'postgres', databaseUrl: t.config.databaseUrl!, startWorkers: true }),
      buildTestApp({ database: 'postgres', databaseUrl: t.config.databaseUrl!, startWorkers: true }),
    ]);
    try {
      await expect
        .poll(async () => (await t.database.db.select().from(engagements).where(eq(engagements.id, id)))[0]!.reviewsPublishedAt, { timeout: 10_000 })
        .not.toBeNull();
      await b.close();
      await c.close();
      expect(await publishedMail(t, rider.email)).toHaveLength(1);
      expect(await publishedMail(t, company.email)).toHaveLength(1);
      expect((await cardOf(t, rider.id))!.reviewCount).toBe(1);
    } finally {
      await b.close();
      await c.close();
    }
  });
});
