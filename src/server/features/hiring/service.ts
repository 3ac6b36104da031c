/**
 * Hire requests and engagements (DESIGN.md §10): one row per request, one lifecycle
 * (src/shared/hiring.ts ENGAGEMENT_MOVES, machines/hiring/engagementMachine.ts):
 *
 *   requested ─accept (rider)──▶ active ─end (either side)──▶ ended (review window: 14 days)
 *       ├─decline (rider)──▶ declined
 *       ├─withdraw (company)▶ withdrawn
 *       └─7 days, no answer─▶ expired (expireDueRequests, and read as expired at once)
 *
 * Every move is one conditional UPDATE (… WHERE status = 'requested' AND expires_at > now()),
 * so of an accept and a withdraw racing, exactly one changes the row and the other is told
 * what happened (409). The e-mails and the rider's reputation are written in the same
 * transaction as the move.
 */
import { sql } from 'drizzle-orm';
import { lagosDate } from '../../../shared/invitations';
import {
  DAY_MS,
  ENGAGEMENT_MOVES,
  HIRE_REQUEST_TTL_DAYS,
  REVIEW_WINDOW_DAYS,
  canMove,
  effectiveStatus,
  endOutcomesOn,
  lagosToday,
  type EndOutcome,
  type EngagementAction,
  type EngagementSide,
  type EngagementStatus,
  type HireActionResponse,
  type HireFilter,
  type HireItem,
  type HirePage,
} from '../../../shared/hiring';
import { messages } from '../../../shared/messages';
import { companyPaths, paths } from '../../../shared/routes';
import { waitingItemKey, waitingItemPath } from '../../../shared/waiting';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  engagementRows,
  isUuid,
  partyCondition,
  sideOfUserType,
  toHireItem,
  type EngagementRow,
} from '../../domain/engagements';
import { after, decodeCursor, encodeCursor, PAGE_SIZE } from '../../lib/keyset';
import { countAgainstLimits, type Limit, type LimitStore } from '../../lib/limits';
import { checkPlace } from '../../domain/locations';
import { enqueueEmail, renderEmail } from '../../plugins/mail';
import { recomputeRiderReputation } from '../../domain/reputation';
import { rowsOf } from '../../lib/rows';
import { isUniqueViolation } from '../../lib/uniqueViolation';
import { assertCompanyEmailVerified } from '../../domain/companyAccess';

export interface Reader {
  userId: string;
  userType: number;
}

/** Hire requests one company may send: 30 an hour. */
export const HIRE_REQUEST_LIMIT: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

const dashboardLink = (config: Pick<Config, 'publicUrl'>, side: EngagementSide) =>
  `${config.publicUrl}${side === 'rider' ? paths.riderDashboard : companyPaths.hires}`;

/** The rider's dashboard at one waiting item (the request to answer, the review to write). */
const riderItemLink = (config: Pick<Config, 'publicUrl'>, key: string) => `${config.publicUrl}${waitingItemPath(key)}`;

const lagosDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(new Date(`${iso}T12:00:00Z`));

/** Who the e-mails go to: each party's address and what the other side calls them. */
interface Parties {
  company_email: string;
  company_name: string;
  rider_email: string;
  rider_name: string;
}

async function partiesOf(tx: Db, id: string): Promise<Parties> {
  const [row] = rowsOf<Parties>(
    await tx.execute(sql`
      select cu.email as company_email, coalesce(c.company_name, cu.username) as company_name,
        ru.email as rider_email, coalesce(rc.display_name, ru.username) as rider_name
      from engagements e
      join users cu on cu.id = e.company_id left join companies c on c.user_id = e.company_id
      join users ru on ru.id = e.rider_id left join rider_cards rc on rc.user_id = e.rider_id
      where e.id = ${id}`),
  );
  return row!;
}

async function readRow(tx: Db, id: string, reader: Reader): Promise<EngagementRow | null> {
  const [row] = rowsOf<EngagementRow>(await tx.execute(engagementRows(sql`e.id = ${id} and ${partyCondition(reader.userId, sideOfUserType(reader.userType))}`)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Expiry: the server's 7-day clock.

/**
 * Turns requests past their expiry into 'expired' and e-mails each company, in one transaction
 * per batch. One UPDATE … WHERE id IN (… FOR UPDATE SKIP LOCKED) … RETURNING: two instances
 * sweeping at once never expire (or e-mail about) one request twice. `pair` limits it to one
 * company and rider (a new request to the same rider clears an overdue one first).
 */
export async function expireDueRequests(db: Db, config: Pick<Config, 'publicUrl'>, pair?: { companyId: string; riderId: string }): Promise<number> {
  const BATCH = 200;
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update engagements set status = 'expired', updated_at = now()
          where id in (
            select id from engagements
            where status = 'requested' and expires_at <= now()
              ${pair ? sql`and company_id = ${pair.companyId} and rider_id = ${pair.riderId}` : sql``}
            order by expires_at
            limit ${BATCH}
            for update skip locked)
          and status = 'requested'
          returning id`),
      );
      for (const { id } of rows) {
        const parties = await partiesOf(tx, id);
        await enqueueEmail(
          tx,
          renderEmail({
            to: parties.company_email,
            subject: messages.hireEmailExpiredSubject(parties.rider_name),
            heading: messages.hireEmailExpiredSubject(parties.rider_name),
            paragraphs: [messages.hireEmailExpiredBody(parties.rider_name)],
            action: { label: messages.hireEmailOpenHires, url: dashboardLink(config, 'company') },
          }),
        );
      }
      return rows.length;
    });
    total += expired;
    if (expired < BATCH || pair) return total;
  }
}

// ---------------------------------------------------------------------------------------------
// A company sends a request.

export interface HireRequestInput {
  rider: string;
  role: string;
  state: string;
  town: string;
  start_date: string;
  pay_note: string;
  message?: string;
}

export async function sendHireRequest(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  limits: LimitStore,
  company: Reader,
  input: HireRequestInput,
): Promise<HireActionResponse> {
  await assertCompanyEmailVerified(db, company.userId);
  await countAgainstLimits(limits, [{ key: `hire-request:${company.userId}`, limit: HIRE_REQUEST_LIMIT }]);
  const place = checkPlace({ state: input.state.trim(), town: input.town.trim() });
  const [rider] = rowsOf<{ user_id: string; display_name: string }>(
    await db.execute(sql`
      select user_id, display_name from rider_cards
      where lower(username) = lower(${input.rider.trim()}) and listed`),
  );
  if (!rider) throw AppError.invalid('rider', messages.hireRiderNotListed);
  // An overdue request to this rider is expired (and its company told) before the new one.
  await expireDueRequests(db, config, { companyId: company.userId, riderId: rider.user_id });
  try {
    return await db.transaction(async (tx) => {
      const [open] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select id from engagements
          where company_id = ${company.userId} and rider_id = ${rider.user_id} and status in ('requested', 'active')
          limit 1`),
      );
      if (open) throw new AppError('CONFLICT', messages.hireAlreadyOpen, 'rider');
      const expiresAt = new Date(Date.now() + HIRE_REQUEST_TTL_DAYS * DAY_MS);
      const [created] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into engagements (company_id, rider_id, role, state, town, start_date, pay_note, message, expires_at)
          values (${company.userId}, ${rider.user_id}, ${input.role.trim()}, ${place.state}, ${place.town},
            ${input.start_date}, ${input.pay_note.trim()}, ${(input.message ?? '').trim()}, ${expiresAt.toISOString()})
          returning id`),
      );
      const row = (await readRow(tx, created!.id, company))!;
      const parties = await partiesOf(tx, row.id);
      await enqueueEmail(
        tx,
        renderEmail({
          to: parties.rider_email,
          subject: messages.hireEmailRequestSubject(parties.company_name),
          heading: messages.hireEmailRequestHeading(parties.company_name),
          paragraphs: [
            messages.hireEmailRequestBody(row.role, messages.hireWhere(row.town, row.state), lagosDay(row.start_date), row.pay_note),
            ...(row.message ? [row.message] : []),
            messages.hireEmailRequestAnswer(`${lagosDate(expiresAt.toISOString())} (Lagos time)`),
          ],
          action: { label: messages.hireEmailOpenDashboard, url: riderItemLink(config, waitingItemKey({ kind: 'request', id: row.id })) },
        }),
      );
      return { message: messages.hireRequestSent(rider.display_name), item: toHireItem(row, 'company') };
    });
  } catch (error) {
    // Two requests racing for one pair: the partial unique index lets one in.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.hireAlreadyOpen, 'rider');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading.

/** The SQL of a status filter as readers see statuses (an overdue request is expired). */
function filterCondition(filter: HireFilter | undefined) {
  const live = sql`(e.status = 'requested' and e.expires_at > now())`;
  switch (filter) {
    case undefined:
      return sql`true`;
    case 'open':
      return sql`(${live} or e.status = 'active')`;
    case 'requested':
      return live;
    case 'expired':
      return sql`(e.status = 'expired' or (e.status = 'requested' and e.expires_at <= now()))`;
    default:
      return sql`e.status = ${filter}`;
  }
}

/** The reader's requests (sent by a company, or sent to a rider), newest first, by keyset. */
export async function listHireRequests(
  db: Db,
  reader: Reader,
  input: { status?: HireFilter; rider?: string; cursor?: string },
): Promise<HirePage> {
  const side = sideOfUserType(reader.userType);
  const cursor = decodeCursor(input.cursor);
  const conditions = [partyCondition(reader.userId, side), filterCondition(input.status)];
  if (input.rider) conditions.push(sql`lower(ru.username) = lower(${input.rider})`);
  const afterCursor = after(sql.raw('e.created_at') as never, sql.raw('e.id') as never, cursor);
  if (afterCursor) conditions.push(afterCursor);
  const rows = rowsOf<EngagementRow>(
    await db.execute(
      engagementRows(sql.join(conditions, sql` and `), sql`order by e.created_at desc nulls last, e.id desc nulls last limit ${PAGE_SIZE + 1}`),
    ),
  );
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const now = new Date();
  return {
    items: page.map((row) => toHireItem(row, side, now)),
    next: rows.length > PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** One request as one of its two parties reads it; anyone else: the 404 of a missing page. */
export async function readHireRequest(db: Db, reader: Reader, id: string): Promise<HireItem> {
  const row = isUuid(id) ? await readRow(db, id, reader) : null;
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  return toHireItem(row, sideOfUserType(reader.userType));
}

// ---------------------------------------------------------------------------------------------
// The moves.

const SET: Record<EngagementAction, (side: EngagementSide, outcome: EndOutcome | null) => ReturnType<typeof sql>> = {
  accept: () => sql`status = 'active', responded_at = now()`,
  decline: () => sql`status = 'declined', responded_at = now()`,
  withdraw: () => sql`status = 'withdrawn'`,
  end: (side, outcome) =>
    sql`status = 'ended', ended_at = now(), ended_by = ${side}, end_outcome = ${outcome},
      review_deadline = now() + make_interval(days => ${REVIEW_WINDOW_DAYS})`,
};

/** Only a request still inside its 7 days can be answered or withdrawn. */
const STILL = (from: EngagementStatus) => (from === 'requested' ? sql`status = 'requested' and expires_at > now()` : sql`status = ${from}`);

const SUCCESS: Record<EngagementAction, (item: HireItem) => string> = {
  accept: (item) => messages.hireAccepted(item.company.name),
  decline: () => messages.hireDeclined,
  withdraw: () => messages.hireWithdrawn,
  end: () => messages.hireEnded,
};

async function tellOf(tx: Db, config: Pick<Config, 'publicUrl'>, action: EngagementAction, row: EngagementRow): Promise<void> {
  const parties = await partiesOf(tx, row.id);
  const toCompany = (subject: string, body: string, label: string = messages.hireEmailOpenHires) =>
    enqueueEmail(
      tx,
      renderEmail({ to: parties.company_email, subject, heading: subject, paragraphs: [body], action: { label, url: dashboardLink(config, 'company') } }),
    );
  const toRider = (subject: string, body: string, label: string = messages.hireEmailOpenDashboard, url = dashboardLink(config, 'rider')) =>
    enqueueEmail(tx, renderEmail({ to: parties.rider_email, subject, heading: subject, paragraphs: [body], action: { label, url } }));
  if (action === 'accept') await toCompany(messages.hireEmailAcceptedSubject(parties.rider_name), messages.hireEmailAcceptedBody(parties.rider_name));
  if (action === 'decline') await toCompany(messages.hireEmailDeclinedSubject(parties.rider_name), messages.hireEmailDeclinedBody(parties.rider_name));
  if (action === 'withdraw') await toRider(messages.hireEmailWithdrawnSubject(parties.company_name), messages.hireEmailWithdrawnBody(parties.company_name));
  if (action === 'end') {
    const until = `${lagosDate(new Date(row.review_deadline!).toISOString())} (Lagos time)`;
    await toCompany(messages.hireEmailEndedSubject(parties.rider_name), messages.hireEmailEndedBody(until), messages.hireEmailLeaveReview);
    // The review window is open: the link goes to the review waiting on the dashboard.
    await toRider(
      messages.hireEmailEndedSubject(parties.company_name),
      messages.hireEmailEndedBody(until),
      messages.hireEmailLeaveReview,
      riderItemLink(config, waitingItemKey({ kind: 'review', id: row.id })),
    );
  }
}

/**
 * accept | decline (the rider), withdraw (the company), end (either; with how it ended). A
 * move the table does not allow from the status the reader sees is a 409 under 'status' that
 * says why; a request the reader is not party to is a 404.
 */
export async function moveHireRequest(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  reader: Reader,
  input: { id: string; action: EngagementAction; outcome?: EndOutcome },
): Promise<HireActionResponse> {
  const side = sideOfUserType(reader.userType);
  const move = ENGAGEMENT_MOVES[input.action];
  if (!isUuid(input.id) || !move.by.includes(side)) throw new AppError('NOT_FOUND', messages.notFound);
  return db.transaction(async (tx) => {
    const current = await readRow(tx, input.id, reader);
    if (!current) throw new AppError('NOT_FOUND', messages.notFound);
    const status = effectiveStatus(current.status, current.expires_at);
    if (!canMove(status, input.action, side)) throw new AppError('CONFLICT', messages.hireConflict[status], 'status');
    // The work cannot be completed before it starts (a company could otherwise make a record in minutes).
    if (input.action === 'end' && input.outcome && !endOutcomesOn(current.start_date, lagosToday()).includes(input.outcome)) {
      throw new AppError('CONFLICT', messages.hireCompletedBeforeStart(lagosDay(current.start_date)), 'outcome');
    }
    const changed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update engagements set ${SET[input.action](side, input.outcome ?? null)}, updated_at = now()
        where id = ${input.id} and ${STILL(move.from)}
        returning id`),
    );
    if (changed.length === 0) {
      // Someone else moved it first (or it expired this instant): say what it is now.
      const [latest] = rowsOf<{ status: EngagementStatus; expires_at: Date | string }>(
        await tx.execute(sql`select status, expires_at from engagements where id = ${input.id}`),
      );
      throw new AppError('CONFLICT', messages.hireConflict[latest ? effectiveStatus(latest.status, latest.expires_at) : 'withdrawn'], 'status');
    }
    const row = (await readRow(tx, input.id, reader))!;
    // A rehire (accept) and an early end move the rider's Job Success.
    if (input.action === 'accept' || input.action === 'end') await recomputeRiderReputation(tx, row.rider_id);
    await tellOf(tx, config, input.action, row);
    const item = toHireItem(row, side);
    return { message: SUCCESS[input.action](item), item };
  });
}
