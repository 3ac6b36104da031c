/**
 * The audit log reads like a log a person wrote, on PGlite and on PostgreSQL: the API names
 * the member (address and role) and the record (a rider's full name and username, read now;
 * what the entry recorded once the record is gone), and each entry reads as the catalogue's
 * sentence with labelled details. A suspended rider is told by e-mail with the reason, and
 * told again when the suspension is lifted.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { writeAudit } from '../../src/server/domain/audit';
import { messages } from '../../src/shared/messages';
import { auditDetails, auditSentence, type OpsAuditEntry } from '../../src/shared/opsAudit';
import { GOOD_PASSWORD, lastEmail } from './authHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';
import { asStaff, signedInStaff, type StaffMember } from './opsHelpers';
import { signedInRider } from './profileHelpers';

const ops = (t: TestApp, member: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  asStaff(t, member, { method, url, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

async function entriesOf(t: TestApp, admin: StaffMember, entityId: string): Promise<OpsAuditEntry[]> {
  const res = await ops(t, admin, 'GET', `/api/ops/audit?entityId=${entityId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: OpsAuditEntry[] }>().items;
}

const asText = (iso: string) => `at ${iso}`;

describeEachDatabase('ops audit log: sentences, names and the suspension e-mails', (kind) => {
  const t = useTestApp(kind);

  it('a suspension reads "member (role) suspended rider Full Name (@username)" with the reason, and the rider is e-mailed the reason', async () => {
    const admin = await signedInStaff(t, 'admin', 'reader');
    const dispatcher = await signedInStaff(t, 'dispatcher', 'desk');
    const rider = await signedInRider(t);
    await t.database.db.update(users).set({ firstName: 'Tunde', lastName: 'Bello' }).where(eq(users.id, rider.id));

    const res = await ops(t, dispatcher, 'POST', `/api/ops/riders/${rider.id}/suspend`, { reason: 'Fake documents', confirmation: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    const mail = await lastEmail(t, rider.email, messages.suspendedEmailSubject);
    expect(mail, 'the suspension e-mail is in the outbox').not.toBeNull();
    expect(mail!.text).toContain('Fake documents');
    expect(mail!.html).toContain('Fake documents');

    const [entry] = await entriesOf(t, admin, rider.id);
    expect(entry).toMatchObject({ staffEmail: dispatcher.email, staffRole: 'dispatcher', staffActive: true, record: { name: 'Tunde Bello', handle: rider.username, onFile: true } });
    expect(auditSentence(entry!)).toBe(`${dispatcher.email} (dispatcher) suspended rider Tunde Bello (@${rider.username})`);
    expect(auditDetails(entry!, asText)).toEqual([
      { key: 'suspended', label: 'Suspended', before: 'No', after: 'Yes' },
      { key: 'reason', label: 'Reason', before: null, after: 'Fake documents' },
    ]);

    // Lifting it is told too, and logged as a sentence.
    expect((await ops(t, dispatcher, 'POST', `/api/ops/riders/${rider.id}/unsuspend`, {})).statusCode).toBe(200);
    const again = await lastEmail(t, rider.email, messages.reinstatedEmailSubject);
    expect(again, 'the reinstatement e-mail is in the outbox').not.toBeNull();
    expect(again!.text).toContain('/login');
    const [lifted] = await entriesOf(t, admin, rider.id);
    expect(auditSentence(lifted!)).toBe(`${dispatcher.email} (dispatcher) lifted the suspension of rider Tunde Bello (@${rider.username})`);
  });

  it('names records as they are now, keeps what was recorded once a record is gone, and reads an unknown action as a sentence', async () => {
    const admin = await signedInStaff(t, 'admin', 'keeper');
    const rider = await signedInRider(t);
    expect((await ops(t, admin, 'POST', `/api/ops/riders/${rider.id}/suspend`, { reason: 'Check', confirmation: GOOD_PASSWORD })).statusCode).toBe(200);
    // Without a full name the username names the rider.
    expect(auditSentence((await entriesOf(t, admin, rider.id))[0]!)).toBe(`${admin.email} (admin) suspended rider @${rider.username}`);
    await t.database.db.delete(users).where(eq(users.id, rider.id));
    const [gone] = await entriesOf(t, admin, rider.id);
    expect(gone!.record).toEqual({ name: null, handle: rider.username, onFile: false });
    expect(auditSentence(gone!)).toBe(`${admin.email} (admin) suspended rider @${rider.username}`);

    // An action from the command line that this catalogue does not know yet.
    const entityId = `payout-${kind}-${Date.now()}`;
    await writeAudit(t.database.db, { staffId: null, email: 'command line' }, { action: 'payout.change', entityType: 'payout', entityId, before: { version: 1 }, after: { version: 2 } });
    const [unknown] = await entriesOf(t, admin, entityId);
    expect(auditSentence(unknown!)).toBe(`The server command line did “payout.change” to payout ${entityId}`);
    expect(auditDetails(unknown!, asText)).toEqual([{ key: 'version', label: 'version', before: '1', after: '2' }]);
  });
});
