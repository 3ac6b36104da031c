// @vitest-environment jsdom
/**
 * The audit page (the real view, over the list machine's real view model) shows each entry as
 * a sentence with its values as labelled details: names, not ids, and never raw JSON, even for
 * a nested value (an invitation), an unknown action or a record that is gone.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { OpsAuditEntry } from '../../src/shared/opsAudit';
import { AuditView } from '../../src/web/features/ops/AuditView';
import { listSnapshot } from '../../storybook/support/opsOutreachSnapshots';

afterEach(cleanup);

const base = { staffId: 'b0000000-0000-4000-8000-000000000001', staffEmail: 'amaka@ogbadispatch.ng', staffRole: 'admin', staffActive: true } as const;
const entries: OpsAuditEntry[] = [
  {
    ...base,
    id: 'c1',
    at: '2026-11-21T12:10:00Z',
    action: 'waitlist.resend_invitation',
    entityType: 'waitlist_entry',
    entityId: 'e0000000-0000-4000-8000-000000000001',
    before: { status: 'invited', invitation: { id: 'f0000000-0000-4000-8000-000000000001', state: 'live', expiresAt: '2026-11-25T10:00:00.000Z' } },
    after: { status: 'invited', invitation: { id: 'f0000000-0000-4000-8000-000000000002', state: 'live', expiresAt: '2026-11-28T12:10:00.000Z' } },
    record: { name: 'Swift Parcels Ltd', handle: null, onFile: true },
  },
  {
    ...base,
    id: 'c2',
    at: '2026-11-21T12:00:00Z',
    action: 'inbox.assign',
    entityType: 'inbox_item',
    entityId: 'e0000000-0000-4000-8000-000000000002',
    before: { assigneeId: null, assigneeEmail: null },
    after: { assigneeId: 'b0000000-0000-4000-8000-000000000002', assigneeEmail: 'tunde@ogbadispatch.ng' },
    record: { name: 'Chioma Eze', handle: 'quote', onFile: true },
  },
  {
    ...base,
    staffRole: 'dispatcher',
    staffActive: false,
    id: 'c3',
    at: '2026-11-21T11:00:00Z',
    action: 'payout.approve',
    entityType: 'payout',
    entityId: '7',
    before: { status: 'pending' },
    after: { status: 'approved' },
    record: { name: null, handle: null, onFile: false },
  },
  {
    ...base,
    id: 'c4',
    at: '2026-11-21T10:00:00Z',
    action: 'rate_card.save',
    entityType: 'rate_card',
    entityId: '8',
    before: { Version: '7', 'Lagos same-day · Base fare (₦)': '₦1,000' },
    after: { Version: '8', 'Lagos same-day · Base fare (₦)': '₦1,200' },
    record: { name: null, handle: null, onFile: false },
  },
];

it('reads each entry as a sentence with labelled details, never ids or JSON', () => {
  render(<AuditView list={listSnapshot('idle', entries)} sendList={() => {}} />);
  const table = screen.getByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]!.textContent).toContain('amaka@ogbadispatch.ng (admin) sent Swift Parcels Ltd a new invitation link');
  expect(within(rows[0]!).getByText('Invitation')).toBeTruthy();
  expect(rows[1]!.textContent).toContain('amaka@ogbadispatch.ng (admin) assigned the quote request from Chioma Eze');
  expect(within(rows[1]!).getByText('Assigned to')).toBeTruthy();
  expect(within(rows[1]!).getByText('tunde@ogbadispatch.ng')).toBeTruthy();
  expect(rows[2]!.textContent).toContain('amaka@ogbadispatch.ng (no longer staff) did “payout.approve” to payout 7');
  expect(rows[3]!.textContent).toContain('amaka@ogbadispatch.ng (admin) saved version 8 of the rate card');
  expect(within(rows[3]!).getByText('Lagos same-day · Base fare (₦)')).toBeTruthy();
  expect(within(rows[3]!).getByText('₦1,200')).toBeTruthy();
  const text = table.textContent ?? '';
  expect(text).not.toMatch(/[{}[\]"]/);
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
});
