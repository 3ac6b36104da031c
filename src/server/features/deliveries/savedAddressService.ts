/**
 * A company's saved addresses (company_saved_addresses): listed newest first, added (at most
 * SAVED_ADDRESSES_MAX, counted with the company's row locked so two adds at once cannot both take
 * the last place) and deleted. Every query is scoped to the company: another company's id is the
 * 404 of a missing page.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { findLagosArea } from '../../../shared/deliveries/areas';
import { storedPhone, storedRecipientEmail } from '../../../shared/deliveries/booking';
import { deliveryMessages } from '../../../shared/deliveries/messages';
import { SAVED_ADDRESSES_MAX, type SavedAddress, type SavedAddressValues } from '../../../shared/deliveries/savedAddresses';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { companySavedAddresses, users } from '../../db/schema';
import { AppError } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

type Row = typeof companySavedAddresses.$inferSelect;

const addressOf = (row: Row): SavedAddress => ({
  id: row.id,
  label: row.label,
  state: 'Lagos',
  area: row.area,
  address: row.address,
  landmark: row.landmark,
  contact_name: row.contactName,
  contact_phone: row.contactPhone,
  contact_email: row.contactEmail ?? '',
  created_at: row.createdAt.toISOString(),
});

export async function listSavedAddresses(db: Db, companyId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(companySavedAddresses)
    .where(eq(companySavedAddresses.companyId, companyId))
    .orderBy(desc(companySavedAddresses.createdAt), desc(companySavedAddresses.id))
    .limit(SAVED_ADDRESSES_MAX);
  return rows.map(addressOf);
}

export async function addSavedAddress(db: Db, companyId: string, values: SavedAddressValues): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, companyId)).limit(1).for('update');
    if (!owner) throw notFound();
    const [kept] = await tx.select({ n: count() }).from(companySavedAddresses).where(eq(companySavedAddresses.companyId, companyId));
    if ((kept?.n ?? 0) >= SAVED_ADDRESSES_MAX) throw new AppError('CONFLICT', deliveryMessages.savedAddresses.tooMany(SAVED_ADDRESSES_MAX));
    const [row] = await tx
      .insert(companySavedAddresses)
      .values({
        companyId,
        label: values.label.trim(),
        state: 'Lagos',
        // The list's own spelling, as a quote stores it.
        area: findLagosArea(values.area)?.name ?? values.area.trim(),
        address: values.address.trim(),
        landmark: values.landmark.trim(),
        contactName: values.contact_name.trim(),
        contactPhone: storedPhone(values.contact_phone, false),
        contactEmail: storedRecipientEmail(values.contact_email),
      })
      .returning();
    return addressOf(row!);
  });
}

export async function deleteSavedAddress(db: Db, companyId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  const deleted = await db
    .delete(companySavedAddresses)
    .where(and(eq(companySavedAddresses.id, id), eq(companySavedAddresses.companyId, companyId)))
    .returning({ id: companySavedAddresses.id });
  if (deleted.length === 0) throw notFound();
}
