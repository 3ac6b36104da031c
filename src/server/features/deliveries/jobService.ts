/**
 * The rider's side of a delivery (DESIGN.md §11): the jobs list, one job as the rider sees it
 * (who sees what when: shared/deliveries/jobs.ts), the moves sent from the job screen (through
 * domain/deliveryMoves.ts, with the phone's Idempotency-Key and clock), the delivery code at
 * pickup and at drop-off, and the proof photo.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, not, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { jobMessages as jm } from '../../../shared/deliveries/jobMessages';
import { trackingMessages as tm } from '../../../shared/deliveries/trackingMessages';
import { recipientMessages as rm } from '../../../shared/deliveries/recipientMessages';
import {
  cashCollectAt,
  cashMoveOf,
  DELIVERY_CODE_PATTERN,
  FAILURE_NOTE_MAX,
  isCashCollected,
  isFailureReason,
  PROOF_UPLOAD_STATUSES,
  RIDER_JOB_ACTIONS,
  riderSeesDropoff,
  riderSeesPickup,
  type JobPlace,
  type RiderJobAction,
} from '../../../shared/deliveries/jobs';
import { startOfLagosDay } from '../../../shared/deliveries/lagosTime';
import {
  canMoveDelivery,
  CLOCK_GAP_FLAG_MS,
  DELIVERY_CODE_TRIES,
  DELIVERY_FINAL,
  deliveryActionsFor,
  type DeliveryFailureReason,
  type DeliveryStatus,
} from '../../../shared/deliveries/moves';
import { dispatchMessages } from '../../../shared/deliveries/dispatchMessages';
import type { Payment } from '../../../shared/deliveries/rateCard';
import type { Db } from '../../db/client';
import { deliveries, deliveryEvents, deliveryIdempotencyKeys, files } from '../../db/schema';
import { deliveryCodeMatches, hashDeliveryCode, newDeliveryCode } from '../../domain/deliveryCodes';
import { moveDelivery, type DeliveryEventRow, type DeliveryRow } from '../../domain/deliveryMoves';
import { recordDelivered } from '../../domain/deliveryRecord';
import { AppError } from '../../errors';
import { processProfileImage } from '../../lib/images';
import { enqueueEmail, renderEmail } from '../../plugins/mail';
import { readStoredFile, storeFile, type StoredFile } from '../../plugins/files';
import type { TrackingLinks } from './bookingService';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', dispatchMessages.deliveryNotFound);

interface StoredPlace {
  state?: string;
  area?: string;
  country?: string;
  city?: string;
  address: string;
  landmark: string;
  contact_name: string;
  contact_phone: string;
}

export interface JobEvent {
  status: string;
  action: string;
  at: string;
  client_at: string | null;
}

/** GET /api/users/jobs/{id}: the job as its rider sees it now. */
export interface RiderJob {
  id: string;
  reference: string;
  status: DeliveryStatus;
  /** The moves the rider may send now. */
  actions: string[];
  payment: Payment;
  price_kobo: number;
  rider_pay_kobo: number | null;
  /** Cash the rider takes for this job (the price), at pickup or at the drop-off; null when paid by transfer. */
  cash_to_collect_kobo: number | null;
  cash_collect_at: 'pickup' | 'dropoff' | null;
  pickup: JobPlace;
  dropoff: JobPlace;
  parcel: unknown;
  description: string;
  pickup_at: string | null;
  deliver_by: string | null;
  code_tries_left: number;
  proof_uploaded: boolean;
  failure_reason: DeliveryFailureReason | null;
  events: JobEvent[];
}

function placeFor(place: StoredPlace, shown: boolean): JobPlace {
  const where: JobPlace =
    place.country !== undefined ? { country: place.country, city: place.city } : { state: place.state ?? 'Lagos', area: place.area };
  if (!shown) return where;
  return { ...where, address: place.address, landmark: place.landmark, contact_name: place.contact_name, contact_phone: place.contact_phone };
}

const isCash = (payment: Payment) => payment === 'cash_on_pickup' || payment === 'cash_on_delivery';

async function jobEvents(db: Db, deliveryId: string): Promise<JobEvent[]> {
  const rows = await db
    .select({ status: deliveryEvents.status, action: deliveryEvents.action, at: deliveryEvents.createdAt, clientAt: deliveryEvents.clientAt })
    .from(deliveryEvents)
    .where(eq(deliveryEvents.deliveryId, deliveryId))
    .orderBy(asc(deliveryEvents.createdAt), asc(deliveryEvents.id));
  return rows.map((r) => ({ status: r.status, action: r.action, at: r.at.toISOString(), client_at: r.clientAt?.toISOString() ?? null }));
}

function jobOf(row: DeliveryRow, events: JobEvent[]): RiderJob {
  const status = row.status as DeliveryStatus;
  return {
    id: row.id,
    reference: row.reference,
    status,
    actions: deliveryActionsFor(status, 'rider').filter((a) => (RIDER_JOB_ACTIONS as readonly string[]).includes(a)),
    payment: row.payment,
    price_kobo: row.priceKobo,
    rider_pay_kobo: row.riderPayKobo,
    cash_to_collect_kobo: isCash(row.payment) ? row.priceKobo : null,
    cash_collect_at: cashCollectAt(row.payment),
    pickup: placeFor(row.pickup as StoredPlace, riderSeesPickup(status)),
    dropoff: placeFor(row.dropoff as StoredPlace, riderSeesDropoff(status)),
    parcel: row.parcel,
    description: row.description,
    pickup_at: row.pickupAt?.toISOString() ?? null,
    deliver_by: row.deliverBy?.toISOString() ?? null,
    code_tries_left: Math.max(0, DELIVERY_CODE_TRIES - row.deliveryCodeTries),
    proof_uploaded: row.proofFileId !== null,
    failure_reason: row.failureReason,
    events,
  };
}

/** The rider's job, or null when it is not theirs (another rider's job reads as none). */
export async function findRiderJob(db: Db, riderId: string, id: string): Promise<RiderJob | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.riderId, riderId)));
  return row ? jobOf(row, await jobEvents(db, row.id)) : null;
}

/** GET /api/users/jobs: every job of the rider still open, and those finished today (Lagos time); oldest pickup first. */
export async function listRiderJobs(db: Db, riderId: string): Promise<{ items: RiderJob[] }> {
  const today = new Date(startOfLagosDay(Date.now()));
  const rows = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.riderId, riderId),
        or(not(inArray(deliveries.status, [...DELIVERY_FINAL])), gte(deliveries.updatedAt, today)),
      ),
    )
    .orderBy(sql`${deliveries.pickupAt} asc nulls first`, asc(deliveries.createdAt))
    .limit(100);
  // The list has no timelines: the job's own GET has it.
  return { items: rows.map((row) => jobOf(row, [])) };
}

// ---------------------------------------------------------------------------------------------
// Moves from the job screen

export interface JobMoveInput {
  action: RiderJobAction;
  clientAt: Date;
  clientKey: string;
  reason?: DeliveryFailureReason;
  note?: string;
  code?: string;
  cashCollectedKobo?: number;
}

/** The body of POST /api/users/jobs/{id}/moves, checked field by field (a refusal names its field). */
export function jobMoveInputOf(body: unknown, clientKey: string): JobMoveInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const action = b.action;
  if (typeof action !== 'string' || !(RIDER_JOB_ACTIONS as readonly string[]).includes(action)) throw AppError.invalid('action', jm.actionInvalid);
  const clientAt = typeof b.client_at === 'string' && b.client_at.length <= 40 ? new Date(b.client_at) : null;
  if (!clientAt || Number.isNaN(clientAt.getTime()) || !/^\d{4}-\d\d-\d\dT/.test(b.client_at as string)) throw AppError.invalid('client_at', jm.clientAtInvalid);
  const input: JobMoveInput = { action: action as RiderJobAction, clientAt, clientKey };
  if (action === 'fail') {
    if (!isFailureReason(b.reason)) throw AppError.invalid('reason', jm.reasonInvalid);
    const note = typeof b.note === 'string' ? b.note.trim() : '';
    if (b.note !== undefined && b.note !== null && typeof b.note !== 'string') throw AppError.invalid('note', dispatchMessages.failureNoteRequired);
    if (note.length > FAILURE_NOTE_MAX) throw AppError.invalid('note', jm.noteTooLong);
    if (b.reason === 'other' && note === '') throw AppError.invalid('note', dispatchMessages.failureNoteRequired);
    input.reason = b.reason;
    input.note = note;
  }
  if (action === 'deliver') {
    if (typeof b.code !== 'string' || !DELIVERY_CODE_PATTERN.test(b.code.trim())) throw AppError.invalid('code', jm.codeInvalid);
    input.code = b.code.trim();
  }
  // The cash goes with the move made where it is taken: "Picked up" or "Delivered" (whether this
  // job needs it is the job's payment's, checked under the row lock).
  if (action === 'pick_up' || action === 'deliver') {
    const cash = b.cash_collected_kobo;
    if (cash !== undefined && cash !== null) {
      if (!isCashCollected(cash)) throw AppError.invalid('cash_collected_kobo', jm.cashInvalid);
      input.cashCollectedKobo = cash;
    }
  }
  return input;
}

/** What a move answered: the same again for the same Idempotency-Key. */
export interface JobMoveAnswer {
  job: RiderJob;
  move: {
    action: string;
    status: string;
    /** The server's time of the move and the phone's, and how far apart (a large gap is flagged for staff). */
    server_at: string;
    client_at: string | null;
    clock_gap_ms: number | null;
    clock_gap_flagged: boolean;
  };
}

function moveOf(event: DeliveryEventRow): JobMoveAnswer['move'] {
  const gap = event.clientAt ? Math.abs(event.createdAt.getTime() - event.clientAt.getTime()) : null;
  return {
    action: event.action,
    status: event.status,
    server_at: event.createdAt.toISOString(),
    client_at: event.clientAt?.toISOString() ?? null,
    clock_gap_ms: gap,
    clock_gap_flagged: gap !== null && gap > CLOCK_GAP_FLAG_MS,
  };
}

export interface JobDeps {
  secret: string;
  links: TrackingLinks;
}

type Outcome = { kind: 'moved'; delivery: DeliveryRow; event: DeliveryEventRow; replayed: boolean } | { kind: 'wrongCode'; left: number };

/**
 * Applies a rider's move once. Under the delivery's row lock: the same Idempotency-Key answers
 * its move again (nothing checked or written twice); otherwise the shared move table decides
 * (409), then the move's own conditions. A wrong delivery code is counted and committed before
 * the refusal is answered, so a burst of guesses gets DELIVERY_CODE_TRIES in all.
 */
export async function moveRiderJob(db: Db, deps: JobDeps, riderId: string, id: string, input: JobMoveInput): Promise<{ answer: JobMoveAnswer; replayed: boolean }> {
  if (!UUID.test(id)) throw notFound();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
    if (!row || row.riderId !== riderId) throw notFound();
    const [seen] = await tx
      .select()
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.deliveryId, id), eq(deliveryEvents.clientKey, input.clientKey)));
    if (seen) {
      if (seen.action !== input.action) throw new AppError('UNPROCESSABLE', jm.idempotencyKeyReused, 'idempotency_key');
      return { kind: 'moved', delivery: row, event: seen, replayed: true };
    }
    const status = row.status as DeliveryStatus;
    if (!canMoveDelivery(status, input.action, 'rider')) throw new AppError('CONFLICT', dispatchMessages.moveRefused(status));

    const now = new Date();
    const gap = Math.abs(now.getTime() - input.clientAt.getTime());
    const note = gap > CLOCK_GAP_FLAG_MS ? jm.clockGap(Math.round(gap / 60_000)) : '';
    let set: NonNullable<Parameters<typeof moveDelivery>[1]['set']> = {};
    let code: string | null = null;
    // Cash taken at the pickup is reported with "Picked up", on delivery with "Delivered"; sent
    // with the other move (or on a transfer) it is not kept.
    const carriesCash = cashMoveOf(row.payment) === input.action;
    const cashMissing = () => carriesCash && input.cashCollectedKobo === undefined;
    if (input.action === 'pick_up') {
      if (cashMissing()) throw AppError.invalid('cash_collected_kobo', jm.cashRequired);
      code = newDeliveryCode();
      set = { deliveryCodeHash: hashDeliveryCode(deps.secret, id, code), deliveryCodeTries: 0, pickedUpAt: now };
      if (carriesCash) set.cashCollectedKobo = input.cashCollectedKobo!;
    } else if (input.action === 'fail') {
      set = { failureReason: input.reason!, failureNote: input.note ?? '' };
    } else if (input.action === 'deliver') {
      if (row.deliveryCodeTries >= DELIVERY_CODE_TRIES || !row.deliveryCodeHash) throw new AppError('RATE_LIMITED', jm.codeLocked, 'code');
      if (!row.proofFileId) throw AppError.invalid('proof', jm.proofRequired);
      if (cashMissing()) throw AppError.invalid('cash_collected_kobo', jm.cashRequired);
      if (!deliveryCodeMatches(deps.secret, id, input.code!, row.deliveryCodeHash)) {
        const [counted] = await tx
          .update(deliveries)
          .set({ deliveryCodeTries: sql`${deliveries.deliveryCodeTries} + 1` })
          .where(eq(deliveries.id, id))
          .returning({ tries: deliveries.deliveryCodeTries });
        return { kind: 'wrongCode', left: Math.max(0, DELIVERY_CODE_TRIES - counted!.tries) };
      }
      set = carriesCash ? { deliveredAt: now, cashCollectedKobo: input.cashCollectedKobo! } : { deliveredAt: now };
    }
    const moved = await moveDelivery(tx, {
      deliveryId: id,
      action: input.action,
      actor: 'rider',
      riderId,
      note,
      clientAt: input.clientAt,
      clientKey: input.clientKey,
      set,
    });
    if (input.action === 'deliver') await recordDelivered(tx, riderId, moved.delivery.deliveredAt ?? now, moved.delivery.deliverBy);
    // In the move's transaction, through the outbox: an SMTP outage delays these, never loses them.
    // The sender's, and the recipient's when the booking gave their address.
    const url = deps.links.urlOf(id);
    const to = recipientsOf(moved.delivery);
    if (code !== null) for (const mail of pickedUpEmails(moved.delivery, code, url)) await enqueueEmail(tx, mail, 'urgent');
    if (input.action === 'deliver') for (const mail of [deliveredEmail(moved.delivery, url), ...to.map((r) => recipientDeliveredEmail(r, moved.delivery, url))]) await enqueueEmail(tx, mail);
    if (input.action === 'fail') for (const mail of [failedEmail(moved.delivery, url), ...to.map((r) => recipientFailedEmail(r, moved.delivery, url))]) await enqueueEmail(tx, mail);
    return { kind: 'moved', ...moved };
  });
  if (outcome.kind === 'wrongCode') {
    if (outcome.left === 0) throw new AppError('RATE_LIMITED', jm.codeLocked, 'code');
    throw AppError.invalid('code', jm.codeWrong(outcome.left));
  }
  return { answer: { job: jobOf(outcome.delivery, await jobEvents(db, id)), move: moveOf(outcome.event) }, replayed: outcome.replayed };
}

/** The recipient's address, when the booking gave one (at most one). */
const recipientsOf = (delivery: DeliveryRow): string[] => (delivery.recipientEmail ? [delivery.recipientEmail] : []);

/**
 * The delivery code's e-mails, at pickup: to the sender, asked to pass it on when the booking
 * has no e-mail of the recipient; and to the recipient when it has.
 */
function pickedUpEmails(delivery: DeliveryRow, code: string, trackingUrl: string) {
  const e = jm.pickedUpEmail;
  const r = rm.pickedUpEmail;
  return [
    renderEmail({
      to: (delivery.sender as { email: string }).email,
      subject: e.subject(delivery.reference),
      heading: e.heading(delivery.reference),
      paragraphs: delivery.recipientEmail ? [e.code, e.sentToRecipient] : [e.code, e.share],
      code,
      action: { label: e.track, url: trackingUrl },
    }),
    ...recipientsOf(delivery).map((to) =>
      renderEmail({ to, subject: r.subject(delivery.reference), heading: r.heading(delivery.reference), paragraphs: [r.code], code, action: { label: r.track, url: trackingUrl } }),
    ),
  ];
}

function recipientDeliveredEmail(to: string, delivery: DeliveryRow, trackingUrl: string) {
  const e = rm.deliveredEmail;
  return renderEmail({ to, subject: e.subject(delivery.reference), heading: e.heading(delivery.reference), paragraphs: [e.body], action: { label: e.track, url: trackingUrl } });
}

function recipientFailedEmail(to: string, delivery: DeliveryRow, trackingUrl: string) {
  const e = rm.failedEmail;
  return renderEmail({
    to,
    subject: e.subject(delivery.reference),
    heading: e.heading(delivery.reference),
    paragraphs: [e.reason(delivery.failureReason), e.next],
    action: { label: e.track, url: trackingUrl },
  });
}

/** The e-mail to the sender when the parcel is delivered, with the link to rate it. */
function deliveredEmail(delivery: DeliveryRow, trackingUrl: string) {
  const e = tm.deliveredEmail;
  return renderEmail({
    to: (delivery.sender as { email: string }).email,
    subject: e.subject(delivery.reference),
    heading: e.heading(delivery.reference),
    paragraphs: [e.body],
    action: { label: e.track, url: trackingUrl },
  });
}

/** The e-mail to the sender when the rider could not deliver, with the reason. */
function failedEmail(delivery: DeliveryRow, trackingUrl: string) {
  const e = tm.failedEmail;
  return renderEmail({
    to: (delivery.sender as { email: string }).email,
    subject: e.subject(delivery.reference),
    heading: e.heading(delivery.reference),
    paragraphs: [e.reason(delivery.failureReason ?? 'other'), e.next],
    action: { label: e.track, url: trackingUrl },
  });
}

// ---------------------------------------------------------------------------------------------
// The proof photo

/** A phone photo is a few MB; anything above this is not one. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

export interface ProofAnswer {
  proof_uploaded: true;
  width: number;
  height: number;
}

/** The key's earlier upload of this photo, answered again; null when the key is new. */
async function proofSentBefore(db: Db, id: string, key: string, photoHash: string): Promise<ProofAnswer | null> {
  const [seen] = await db
    .select({ requestHash: deliveryIdempotencyKeys.requestHash, proofFileId: deliveries.proofFileId })
    .from(deliveryIdempotencyKeys)
    .innerJoin(deliveries, eq(deliveries.id, deliveryIdempotencyKeys.deliveryId))
    .where(and(eq(deliveryIdempotencyKeys.scope, proofScope(id)), eq(deliveryIdempotencyKeys.key, key)));
  if (!seen) return null;
  if (seen.requestHash !== photoHash) throw new AppError('UNPROCESSABLE', jm.proofKeyReused, 'idempotency_key');
  const file = seen.proofFileId ? await readStoredFile(db, seen.proofFileId) : null;
  const meta = file ? await sharp(file.data).metadata() : null;
  return { proof_uploaded: true, width: meta?.width ?? 0, height: meta?.height ?? 0 };
}

/** A proof upload's Idempotency-Key is the delivery's: the phone makes one per photo taken. */
const proofScope = (id: string) => `job-proof:${id}`;

/**
 * Stores the photo of the parcel handed over, made small as a profile picture is (lib/images.ts:
 * re-encoded, metadata and GPS dropped), private: only the sender, the rider and staff read it.
 * A new photo replaces the last one. With an Idempotency-Key (the phone's queue sends one), the
 * same photo sent again under its key (a resend after a lost answer) is answered as the first time
 * and changes nothing, even once the job is delivered or a later photo replaced it.
 */
export async function uploadJobProof(
  db: Db,
  riderId: string,
  id: string,
  bytes: Buffer,
  filename: string,
  key: string | null = null,
): Promise<{ answer: ProofAnswer; replayed: boolean }> {
  if (!UUID.test(id)) throw notFound();
  // Before the row is locked: decoding a photo takes a while.
  const [owned] = await db.select({ id: deliveries.id }).from(deliveries).where(and(eq(deliveries.id, id), eq(deliveries.riderId, riderId)));
  if (!owned) throw notFound();
  const photoHash = createHash('sha256').update(bytes).digest('base64url');
  if (key) {
    const before = await proofSentBefore(db, id, key, photoHash);
    if (before) return { answer: before, replayed: true };
  }
  const { display } = await processProfileImage(bytes, 'photo');
  const replay = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
    if (!row || row.riderId !== riderId) throw notFound();
    // Two sends of one key at once: the second waited for the row; the first's key is there now.
    if (key) {
      const [raced] = await tx
        .select({ key: deliveryIdempotencyKeys.key })
        .from(deliveryIdempotencyKeys)
        .where(and(eq(deliveryIdempotencyKeys.scope, proofScope(id)), eq(deliveryIdempotencyKeys.key, key)));
      if (raced) return true;
    }
    if (!PROOF_UPLOAD_STATUSES.includes(row.status as DeliveryStatus)) throw new AppError('CONFLICT', jm.proofNotNow, 'photo');
    const fileId = await storeFile(tx, {
      ownerId: riderId,
      kind: 'delivery_proof',
      isPublic: false,
      contentType: display.contentType,
      extension: display.extension,
      originalName: filename,
      data: display.data,
    });
    await tx.update(deliveries).set({ proofFileId: fileId, updatedAt: sql`now()` }).where(eq(deliveries.id, id));
    if (row.proofFileId) await tx.delete(files).where(eq(files.id, row.proofFileId));
    if (key) await tx.insert(deliveryIdempotencyKeys).values({ scope: proofScope(id), key, requestHash: photoHash, deliveryId: id });
    return false;
  });
  if (replay) return { answer: (await proofSentBefore(db, id, key!, photoHash))!, replayed: true };
  return { answer: { proof_uploaded: true, width: display.width, height: display.height }, replayed: false };
}

/** Who asks for a delivery's proof photo. */
export type ProofReader = { riderId: string } | { companyId: string } | { staff: true } | { trackedId: string };

/** The proof photo, for the delivery's rider, the company that booked it, its tracking token or staff; null for anyone else. */
export async function readDeliveryProof(db: Db, id: string, reader: ProofReader): Promise<StoredFile | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ riderId: deliveries.riderId, companyId: deliveries.companyId, proofFileId: deliveries.proofFileId })
    .from(deliveries)
    .where(eq(deliveries.id, id));
  if (!row) return null;
  const allowed =
    'staff' in reader ||
    ('riderId' in reader && row.riderId === reader.riderId) ||
    ('companyId' in reader && row.companyId === reader.companyId) ||
    ('trackedId' in reader && reader.trackedId === id);
  if (!allowed) return null;
  if (!row.proofFileId) throw new AppError('NOT_FOUND', jm.noProof);
  return readStoredFile(db, row.proofFileId);
}
