/**
 * View models of the staff sign-in, staff and audit screens for stories, from real machine
 * snapshots: the sign-in machine's own pure transitions with its requests' results, the list and
 * row-action machines resolved in the state each story claims.
 */
import { initialTransition, transition } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { OpsSessionExpiredError, opsSignInMachine, type OpsSignInEvent } from '../../machines/ops/opsSignInMachine';
import { opsSignInSnapshotToView, type OpsSignInView } from '../../machines/ops/opsSignInView';
import { messages } from '../../src/shared/messages';
import type { OpsAuditEntry } from '../../src/shared/opsAudit';
import type { OpsStaffMember } from '../../src/shared/opsForms';

export const storyEnrolment = {
  otpauthUrl: 'otpauth://totp/Ogba%20Dispatch:desk%40ogbadispatch.ng?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ogba%20Dispatch',
  // A small real QR-like SVG: the story shows how the image sits, not a scannable code.
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h21v21H0z"/><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0zM2 2h3v3H2zM16 2h3v3h-3zM2 16h3v3H2zM9 9h3v3H9zM8 2h1v1H8zM10 4h2v1h-2zM14 10h2v2h-2zM9 15h3v1H9zM17 14h2v3h-2z"/></svg>',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
export const storyRecoveryCodes = ['k7d2-9fq4', 'abcd-efgh', 'mnpq-rstu', '2345-6789', 'wxyz-abcd', 'hjkm-npqr', 'stuv-wxyz', '2a3b-4c5d', '6e7f-8g9h', 'jkmn-pqrs'];

/**
 * A step of a story: an event for the machine, or the result of the request running now (the
 * event the machine receives when that invoked actor settles, as the model-based tests send it).
 */
export type SignInStep = OpsSignInEvent | { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

export const fill = (field: 'email' | 'password' | 'code' | 'recoveryCode', value: string): OpsSignInEvent => ({ type: 'CHANGE', field, value });
export const ok = (actor: string, output: unknown): SignInStep => ({ type: `xstate.done.actor.${actor}`, output });
export const fails = (actor: string, field: string, message: string): SignInStep => ({ type: `xstate.error.actor.${actor}`, error: new SubmitError({ field, message }) });
export const expires = (actor: string): SignInStep => ({ type: `xstate.error.actor.${actor}`, error: new OpsSessionExpiredError() });
export const dropped = (actor: string): SignInStep => ({ type: `xstate.error.actor.${actor}`, error: new TypeError('fetch failed') });

/** The sign-in machine's view after `steps`, through its own pure transitions. */
export function signInAfter(steps: readonly SignInStep[], input: { expired?: boolean } = {}): OpsSignInView {
  let [snapshot] = initialTransition(opsSignInMachine, input);
  for (const step of steps) [snapshot] = transition(opsSignInMachine, snapshot, step as OpsSignInEvent);
  return opsSignInSnapshotToView(snapshot);
}

export const PENDING = 'pending.story.token';
export const signedInPassword = [fill('email', 'desk@ogbadispatch.ng'), fill('password', 'ogba-rides-at-dawn-42'), { type: 'SUBMIT' }] as const satisfies readonly SignInStep[];
export const toEnrol: SignInStep[] = [...signedInPassword, ok('logIn', { token: PENDING, next: 'enrol' })];
export const toQr: SignInStep[] = [...toEnrol, ok('loadEnrolment', storyEnrolment)];
export const toCode: SignInStep[] = [...signedInPassword, ok('logIn', { token: PENDING, next: 'code' })];

export const tooMany = messages.tooManyRequests(540);

export const staffRows: OpsStaffMember[] = [
  { id: 'b0000000-0000-4000-8000-000000000001', email: 'amaka@ogbadispatch.ng', role: 'admin', status: 'active', twoFactor: true, createdAt: '2026-10-02T08:15:00Z' },
  { id: 'b0000000-0000-4000-8000-000000000002', email: 'tunde@ogbadispatch.ng', role: 'dispatcher', status: 'active', twoFactor: true, createdAt: '2026-10-20T10:00:00Z' },
  { id: 'b0000000-0000-4000-8000-000000000003', email: 'new.desk@ogbadispatch.ng', role: 'dispatcher', status: 'invited', twoFactor: false, createdAt: '2026-11-21T09:00:00Z' },
  { id: 'b0000000-0000-4000-8000-000000000004', email: 'former@ogbadispatch.ng', role: 'dispatcher', status: 'removed', twoFactor: true, createdAt: '2026-08-01T09:00:00Z' },
];

export const auditRows: OpsAuditEntry[] = [
  {
    id: 'c0000000-0000-4000-8000-000000000004',
    at: '2026-11-21T12:10:00Z',
    staffId: staffRows[1]!.id,
    staffEmail: 'tunde@ogbadispatch.ng',
    staffRole: 'dispatcher',
    staffActive: true,
    action: 'rider.suspend',
    entityType: 'rider',
    entityId: 'a0000000-0000-4000-8000-000000000009',
    before: { suspended: false },
    after: { suspended: true, reason: 'The ID document does not match the selfie' },
    record: { name: 'Bola Adeyemi', handle: 'bola_rides', onFile: true },
  },
  {
    id: 'c0000000-0000-4000-8000-000000000001',
    at: '2026-11-21T11:42:00Z',
    staffId: staffRows[0]!.id,
    staffEmail: 'amaka@ogbadispatch.ng',
    staffRole: 'admin',
    staffActive: true,
    action: 'staff.remove',
    entityType: 'staff',
    entityId: staffRows[3]!.id,
    before: { email: 'former@ogbadispatch.ng', role: 'dispatcher', status: 'active' },
    after: { email: 'former@ogbadispatch.ng', role: 'dispatcher', status: 'removed' },
    record: { name: 'former@ogbadispatch.ng', handle: null, onFile: true },
  },
  {
    id: 'c0000000-0000-4000-8000-000000000002',
    at: '2026-11-21T09:00:00Z',
    staffId: null,
    staffEmail: 'command line',
    staffRole: null,
    staffActive: false,
    action: 'staff.invite',
    entityType: 'staff',
    entityId: staffRows[2]!.id,
    before: null,
    after: { email: 'new.desk@ogbadispatch.ng', role: 'dispatcher', status: 'invited' },
    record: { name: 'new.desk@ogbadispatch.ng', handle: null, onFile: true },
  },
  {
    id: 'c0000000-0000-4000-8000-000000000003',
    at: '2026-11-20T16:05:00Z',
    staffId: staffRows[1]!.id,
    staffEmail: 'tunde@ogbadispatch.ng',
    staffRole: 'dispatcher',
    staffActive: true,
    action: 'staff.enrol_totp',
    entityType: 'staff',
    entityId: staffRows[1]!.id,
    before: null,
    after: null,
    record: { name: 'tunde@ogbadispatch.ng', handle: null, onFile: true },
  },
];
