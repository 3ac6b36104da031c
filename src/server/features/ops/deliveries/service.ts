/**
 * The dispatch board: bookings by state, the ones needing attention first (failed, late for
 * pickup, unassigned), a delivery's whole record and timeline, the staff moves (offer, assign,
 * reassign, cancel, retry, return, returned) and each rider's day. Every move goes through
 * domain/deliveryMoves.ts under the delivery's row lock, with its audit entry in the same
 * transaction, so neither is ever committed without the other.
 */
import { aliasedTable, and, asc, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CANCEL_REASON_MAX,
  PICKUP_WINDOW_MS,
  dispatchTexts,
  type BoardAttention,
  type BoardDetail,
  type BoardItem,
  type RiderToday,
} from '../../../../shared/deliveries/dispatch';
import { dispatchMessages } from '../../../../shared/deliveries/dispatchMessages';
import { startOfLagosDay } from '../../../../shared/deliveries/lagosTime';
import { cashCollectAt } from '../../../../shared/deliveries/jobs';
import { DELIVERY_FINAL, DELIVERY_STATUSES, deliveryActionsFor, type DeliveryAction, type DeliveryStatus } from '../../../../shared/deliveries/moves';
import { messages } from '../../../../shared/messages';
import type { Db } from '../../../db/client';
import { deliveries, deliveryEvents, deliveryOffers, riderAvailability, staff, users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { rowsOf } from '../../../lib/rows';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { moveDelivery, type DeliveryRow } from '../../../domain/deliveryMoves';
import { closeOpenOffers, isEligibleRider, lockDelivery, offerToNextRider, offerToRider, riderPayOf } from '../../../domain/deliveryOffers';

const t = dispatchTexts.board;
export const BOARD_PAGE_SIZE = 25;

const OPEN_STATUSES = DELIVERY_STATUSES.filter((s) => !DELIVERY_FINAL.includes(s));

// ---------------------------------------------------------------------------------------------
// The board's order: attention rank, then the longest waiting first

/** Its pickup window (the chosen time or the booking's, and the hour after) is over. */
const windowOver = sql`(coalesce(${deliveries.pickupAt}, ${deliveries.createdAt}) < now() - make_interval(secs => ${PICKUP_WINDOW_MS / 1000}))`;
/** Past its pickup window and still without a rider. */
const late = sql`(${deliveries.status} in ('booked', 'offered') and ${windowOver})`;
/** 0 failed, 1 late for pickup, 2 unassigned, 3 the rest. */
const rank = sql<number>`(case when ${deliveries.status} = 'failed' then 0 when ${late} then 1 when ${deliveries.status} = 'booked' then 2 else 3 end)`;
const ATTENTION: Record<number, BoardAttention | null> = { 0: 'failed', 1: 'late_pickup', 2: 'unassigned', 3: null };

interface BoardCursor {
  rank: number;
  at: string;
  id: string;
}

function encodeCursor(c: BoardCursor): string {
  return Buffer.from(JSON.stringify([c.rank, c.at, c.id])).toString('base64url');
}

/** A tampered cursor is a 400 under 'cursor'. */
function decodeCursor(value: string | undefined): BoardCursor | null {
  if (!value) return null;
  try {
    const [r, at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof r === 'number' && Number.isInteger(r) && r >= 0 && r <= 3 && typeof at === 'string' && at.length < 64 && !Number.isNaN(Date.parse(at)) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) {
      return { rank: r, at, id };
    }
  } catch {
    // fall through
  }
  throw AppError.invalid('cursor', messages.invalidRequest);
}

export interface BoardQuery {
  status?: DeliveryStatus;
  cursor?: string;
}

type Place = { area?: string; city?: string; country?: string };
const rider = aliasedTable(users, 'rider');
const nameOf = (first: string | null, last: string | null, username: string) => [first, last].filter((p) => p && p.trim()).join(' ').trim() || `@${username}`;

const itemColumns = {
  id: deliveries.id,
  reference: deliveries.reference,
  status: deliveries.status,
  pickup: deliveries.pickup,
  dropoff: deliveries.dropoff,
  pickupAt: deliveries.pickupAt,
  createdAt: deliveries.createdAt,
  priceKobo: deliveries.priceKobo,
  riderPayKobo: deliveries.riderPayKobo,
  payment: deliveries.payment,
  riderId: rider.id,
  riderFirst: rider.firstName,
  riderLast: rider.lastName,
  riderUsername: rider.username,
  rank,
  noRider: sql<boolean>`(${deliveries.status} = 'booked' and exists (select 1 from ${deliveryOffers} o where o.delivery_id = ${deliveries.id}))`,
  cursorAt: sql<string>`${deliveries.createdAt}::text`,
};

type ItemRow = { [K in keyof typeof itemColumns]: unknown } & {
  id: string;
  reference: string;
  status: DeliveryStatus;
  pickupAt: Date | null;
  createdAt: Date;
  priceKobo: number;
  riderPayKobo: number | null;
  payment: string;
  riderId: string | null;
  riderFirst: string | null;
  riderLast: string | null;
  riderUsername: string | null;
  rank: number;
  noRider: boolean;
};

function toItem(r: ItemRow): BoardItem {
  const pickup = r.pickup as Place;
  const dropoff = r.dropoff as Place;
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    attention: ATTENTION[Number(r.rank)] ?? null,
    no_rider_found: Boolean(r.noRider),
    pickup_area: pickup.area ?? null,
    dropoff_area: dropoff.area ?? dropoff.city ?? null,
    pickup_at: r.pickupAt ? r.pickupAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    price_kobo: r.priceKobo,
    rider_pay_kobo: r.riderPayKobo,
    payment: r.payment,
    rider: r.riderId ? { id: r.riderId, name: nameOf(r.riderFirst, r.riderLast, r.riderUsername ?? ''), username: r.riderUsername ?? '' } : null,
  };
}

/** The board's parts: each one status (and, for booked and offered, late or not) and its rank. */
function boardParts(status?: DeliveryStatus): Array<{ rank: number; status: DeliveryStatus; when?: SQL }> {
  const isLate = windowOver;
  const notLate = sql`not ${windowOver}`;
  const parts: Array<{ rank: number; status: DeliveryStatus; when?: SQL }> = [
    { rank: 0, status: 'failed' },
    { rank: 1, status: 'booked', when: isLate },
    { rank: 1, status: 'offered', when: isLate },
    { rank: 2, status: 'booked', when: notLate },
    { rank: 3, status: 'offered', when: notLate },
    ...OPEN_STATUSES.filter((s) => !['failed', 'booked', 'offered'].includes(s)).map((s) => ({ rank: 3, status: s })),
  ];
  if (!status) return parts;
  const mine = parts.filter((p) => p.status === status);
  return mine.length ? mine : [{ rank: 3, status }];
}

/**
 * A page of the board: one status, or every open one; attention first, then the longest waiting.
 * Each part (a status, late or not) is its own short range of deliveries_status_created_idx
 * (status, created_at, id) read in order and cut at a page, so a page reads a few dozen index
 * entries however many deliveries are open; the parts are merged in rank order. The cursor
 * carries the rank, created_at and id of the page's last row.
 */
export async function listBoard(db: Db, query: BoardQuery): Promise<{ items: BoardItem[]; next: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const selects = boardParts(query.status)
    .filter((part) => !cursor || part.rank >= cursor.rank)
    .map((part) => {
      const conditions: Array<SQL | undefined> = [eq(deliveries.status, part.status), part.when];
      if (cursor && part.rank === cursor.rank) {
        conditions.push(sql`(${deliveries.createdAt}, ${deliveries.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
      }
      return sql`(select ${part.rank}::int as rank, ${deliveries.createdAt} as created_at, ${deliveries.id} as id, ${deliveries.createdAt}::text as at
        from ${deliveries} where ${and(...conditions)}
        order by ${deliveries.createdAt} asc nulls first, ${deliveries.id} asc nulls first limit ${BOARD_PAGE_SIZE + 1})`;
    });
  if (selects.length === 0) return { items: [], next: null };
  const result = await db.execute(
    sql`select u.rank, u.at, u.id from (${sql.join(selects, sql` union all `)}) u order by u.rank, u.created_at, u.id limit ${BOARD_PAGE_SIZE + 1}`,
  );
  const ordered = rowsOf<{ rank: number; at: string; id: string }>(result).map((r) => ({ ...r, rank: Number(r.rank) }));
  const more = ordered.length > BOARD_PAGE_SIZE;
  const page = ordered.slice(0, BOARD_PAGE_SIZE);
  const rows = page.length
    ? ((await db
        .select(itemColumns)
        .from(deliveries)
        .leftJoin(rider, eq(rider.id, deliveries.riderId))
        .where(inArray(deliveries.id, page.map((r) => r.id)))) as unknown as ItemRow[])
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const last = page[page.length - 1];
  return {
    // The rank the page was ordered by names the attention, so label and order never disagree.
    items: page.flatMap((p) => {
      const row = byId.get(p.id);
      return row ? [toItem({ ...row, rank: p.rank })] : [];
    }),
    next: more && last ? encodeCursor({ rank: last.rank, at: last.at, id: last.id }) : null,
  };
}

const notFound = () => new AppError('NOT_FOUND', dispatchMessages.deliveryNotFound);

export async function readBoardDelivery(db: Db, id: string): Promise<BoardDetail> {
  const [row] = (await db
    .select({ ...itemColumns, full: deliveries })
    .from(deliveries)
    .leftJoin(rider, eq(rider.id, deliveries.riderId))
    .where(eq(deliveries.id, id))) as unknown as Array<ItemRow & { full: DeliveryRow }>;
  if (!row) throw notFound();
  const offerRider = aliasedTable(users, 'offer_rider');
  const [offers, events] = await Promise.all([
    db
      .select({ offer: deliveryOffers, first: offerRider.firstName, last: offerRider.lastName, username: offerRider.username })
      .from(deliveryOffers)
      .innerJoin(offerRider, eq(offerRider.id, deliveryOffers.riderId))
      .where(eq(deliveryOffers.deliveryId, id))
      .orderBy(desc(deliveryOffers.createdAt)),
    db
      .select({ event: deliveryEvents, staffEmail: staff.email })
      .from(deliveryEvents)
      .leftJoin(staff, eq(staff.id, deliveryEvents.staffId))
      .where(eq(deliveryEvents.deliveryId, id))
      .orderBy(asc(deliveryEvents.createdAt), asc(deliveryEvents.id)),
  ]);
  const d = row.full;
  const iso = (v: Date | null) => (v ? v.toISOString() : null);
  return {
    ...toItem(row),
    sender: d.sender as Record<string, unknown>,
    pickup: d.pickup as Record<string, unknown>,
    // Staff see the recipient's e-mail with the drop-off's contact (its own column: see schema.ts).
    dropoff: { ...(d.dropoff as Record<string, unknown>), ...(d.recipientEmail ? { contact_email: d.recipientEmail } : {}) },
    parcel: d.parcel as Record<string, unknown>,
    description: d.description,
    cash_collected_kobo: d.cashCollectedKobo,
    failure_reason: d.failureReason,
    failure_note: d.failureNote,
    cancel_reason: d.cancelReason,
    assigned_at: iso(d.assignedAt),
    picked_up_at: iso(d.pickedUpAt),
    delivered_at: iso(d.deliveredAt),
    actions: deliveryActionsFor(d.status, 'staff'),
    offers: offers.map((o) => ({
      id: o.offer.id,
      rider_id: o.offer.riderId,
      rider_name: nameOf(o.first, o.last, o.username),
      status: o.offer.status,
      expires_at: o.offer.expiresAt.toISOString(),
      created_at: o.offer.createdAt.toISOString(),
    })),
    events: events.map(({ event: e, staffEmail }) => ({
      at: e.createdAt.toISOString(),
      status: e.status,
      action: e.action,
      actor: e.actor,
      staff_email: staffEmail,
      rider_id: e.riderId,
      note: e.note,
      client_at: iso(e.clientAt),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff moves: each under the row lock, with its audit sentence, in one transaction

export type BoardMove =
  | { action: 'offer'; riderId?: string }
  | { action: 'assign'; riderId: string }
  | { action: 'reassign'; riderId: string }
  | { action: 'cancel'; reason: string }
  | { action: 'retry' }
  | { action: 'return' }
  | { action: 'returned' };

const DONE: Record<BoardMove['action'], (reference: string) => string> = {
  offer: t.offered,
  assign: t.assigned,
  reassign: t.reassigned,
  cancel: t.cancelled,
  retry: t.retried,
  return: t.returned,
  returned: t.markedReturned,
};

/** The reason as typed, trimmed; required and bounded (400 under 'reason'). */
export function cancelReasonOf(value: string | undefined): string {
  const reason = (value ?? '').trim();
  if (reason === '') throw AppError.invalid('reason', dispatchMessages.cancelReasonRequired);
  if (reason.length > CANCEL_REASON_MAX) throw AppError.invalid('reason', t.cancelReasonTooLong(CANCEL_REASON_MAX));
  return reason;
}

async function checkRider(tx: Db, riderId: string, available: boolean): Promise<void> {
  if (!(await isEligibleRider(tx, riderId, { available }))) throw AppError.invalid('rider_id', t.riderNotAvailable);
}

/** The move table's refusal before anything else is checked (409: the board is out of date). */
function assertMove(delivery: DeliveryRow, action: DeliveryAction): void {
  if (!deliveryActionsFor(delivery.status, 'staff').includes(action)) throw new AppError('CONFLICT', dispatchMessages.moveRefused(delivery.status));
}

export async function moveFromBoard(db: Db, actor: AuditActor, id: string, move: BoardMove): Promise<{ message: string }> {
  const reference = await db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, id);
    assertMove(delivery, move.action);
    const by = { actor: 'staff' as const, staffId: actor.staffId };
    let riderAfter: string | null = delivery.riderId;
    switch (move.action) {
      case 'offer': {
        if (move.riderId) {
          await checkRider(tx, move.riderId, true);
          await offerToRider(tx, delivery, move.riderId, by);
          riderAfter = move.riderId;
        } else {
          const offer = await offerToNextRider(tx, delivery, by);
          if (!offer) throw new AppError('CONFLICT', t.noRiderNearby);
          riderAfter = offer.riderId;
        }
        break;
      }
      case 'assign':
      case 'reassign': {
        if (move.action === 'reassign' && move.riderId === delivery.riderId) throw AppError.invalid('rider_id', t.sameRider);
        await checkRider(tx, move.riderId, false);
        await moveDelivery(tx, {
          deliveryId: id,
          action: move.action,
          actor: 'staff',
          staffId: actor.staffId,
          set: { riderId: move.riderId, assignedAt: new Date(), riderPayKobo: await riderPayOf(tx, delivery) },
        });
        await closeOpenOffers(tx, id);
        riderAfter = move.riderId;
        break;
      }
      case 'cancel':
        await moveDelivery(tx, { deliveryId: id, action: 'cancel', actor: 'staff', staffId: actor.staffId, note: move.reason, set: { cancelReason: move.reason } });
        await closeOpenOffers(tx, id);
        break;
      case 'retry':
        // Out for delivery again with the same rider; the failure stays in the timeline.
        await moveDelivery(tx, { deliveryId: id, action: 'retry', actor: 'staff', staffId: actor.staffId, set: { failureReason: null, failureNote: null } });
        break;
      // Returned: what the rider's "Returned to sender" does (jobService.ts: the move alone, its
      // timeline entry and the live update, no e-mail), for a rider who cannot send it (back at
      // the office, a dead phone). It carries no cash, as the rider's does not (cash is reported
      // with pick_up or deliver: cashMoveOf): paid at pickup, it was reported then and the rider
      // still owes it; paid on delivery, none was taken. The rider stays on the delivery.
      case 'return':
      case 'returned':
        await moveDelivery(tx, { deliveryId: id, action: move.action, actor: 'staff', staffId: actor.staffId });
        break;
    }
    const [after] = await tx.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, id));
    await writeAudit(tx, actor, {
      action: `delivery.${move.action}`,
      entityType: 'delivery',
      entityId: id,
      before: { reference: delivery.reference, status: delivery.status, riderId: delivery.riderId },
      after: {
        reference: delivery.reference,
        status: after!.status,
        riderId: riderAfter,
        ...(move.action === 'cancel' ? { reason: move.reason } : {}),
      },
    });
    return delivery.reference;
  });
  return { message: DONE[move.action](reference) };
}

// ---------------------------------------------------------------------------------------------
// Each rider's day

/**
 * Every available rider and every rider with a job today (assigned today, or still open), with
 * those jobs and the cash they collected today on any job (at the pickup or at the drop-off, so a
 * parcel paid at pickup and then returned counts): what they owe the office.
 */
/** When the cash was taken: at the pickup or at the drop-off, as the payment says (0 when not yet). */
const collectedAt = (j: { payment: string; pickedUpAt: Date | null; deliveredAt: Date | null }) =>
  (cashCollectAt(j.payment) === 'pickup' ? j.pickedUpAt : cashCollectAt(j.payment) === 'dropoff' ? j.deliveredAt : null)?.getTime() ?? 0;

export async function ridersToday(db: Db, now = Date.now()): Promise<{ items: RiderToday[] }> {
  const since = new Date(startOfLagosDay(now));
  const jobs = await db
    .select({
      id: deliveries.id,
      reference: deliveries.reference,
      status: deliveries.status,
      payment: deliveries.payment,
      cash: deliveries.cashCollectedKobo,
      deliveredAt: deliveries.deliveredAt,
      pickedUpAt: deliveries.pickedUpAt,
      riderId: deliveries.riderId,
    })
    .from(deliveries)
    .where(
      and(
        isNotNull(deliveries.riderId),
        or(gte(deliveries.assignedAt, since), gte(deliveries.pickedUpAt, since), gte(deliveries.deliveredAt, since), inArray(deliveries.status, OPEN_STATUSES.filter((s) => s !== 'booked' && s !== 'offered'))),
      ),
    )
    .orderBy(asc(deliveries.assignedAt));
  const riderIds = [...new Set(jobs.map((j) => j.riderId!))];
  const people = await db
    .select({
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      username: users.username,
      phone: users.phone,
      available: riderAvailability.available,
      areas: riderAvailability.areas,
    })
    .from(users)
    .leftJoin(riderAvailability, eq(riderAvailability.userId, users.id))
    .where(riderIds.length ? or(eq(riderAvailability.available, true), inArray(users.id, riderIds)) : eq(riderAvailability.available, true))
    .orderBy(asc(users.username));
  return {
    items: people.map((p) => {
      const mine = jobs.filter((j) => j.riderId === p.id);
      const cash = mine.filter((j) => j.cash !== null && collectedAt(j) >= since.getTime()).reduce((sum, j) => sum + j.cash!, 0);
      return {
        id: p.id,
        name: nameOf(p.first, p.last, p.username),
        username: p.username,
        phone: p.phone,
        available: p.available === true,
        areas: p.areas ?? [],
        jobs: mine.map((j) => ({ id: j.id, reference: j.reference, status: j.status, payment: j.payment, cash_collected_kobo: j.cash })),
        cash_to_collect_kobo: cash,
      };
    }),
  };
}
