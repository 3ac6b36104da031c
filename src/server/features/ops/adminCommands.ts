/**
 * The server's own staff commands (the first admin is made on the server):
 * add-staff, list-staff and reset-2fa. `npm run ops` runs them against the database itself, or,
 * when the server runs on PGlite (one process at a time), through the server's local socket
 * (adminSocket.ts). Either way the same functions below do the work, as the 'command line'.
 */
import { messages } from '../../../shared/messages';
import { opsInviteStaffForm, STAFF_ROLES, type OpsStaffMember, type StaffRole } from '../../../shared/opsForms';
import { validateForm } from '../../../shared/validation';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditActor } from '../../domain/audit';
import { addStaffMember, listStaff, resetStaffTwoFactor, STAFF_LINK_LIFETIME_MS } from './staff/service';

const COMMAND_LINE_ACTOR: AuditActor = { staffId: null, email: 'command line' };

export type AdminCommand =
  | { command: 'add-staff'; email: string; role: StaffRole }
  | { command: 'list-staff' }
  | { command: 'reset-2fa'; email: string };

export type AdminResult =
  | { command: 'add-staff'; email: string; role: StaffRole; link: string; expiresAt: string }
  | { command: 'list-staff'; items: OpsStaffMember[] }
  | { command: 'reset-2fa'; email: string };

export type AdminAnswer = { ok: true; result: AdminResult } | { ok: false; error: { field: string; message: string } };

/**
 * The one gate for a command from the socket or the command line: only these three commands,
 * with their fields checked by the console's own form rules.
 */
export function parseAdminCommand(input: unknown): AdminCommand {
  const value = (input ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof value[name] === 'string' ? (value[name] as string) : '');
  switch (value.command) {
    case 'add-staff': {
      const error = validateForm(opsInviteStaffForm, { email: text('email'), role: text('role') });
      if (error) throw AppError.invalid(error.field, error.field === 'role' ? `--role must be ${STAFF_ROLES.join(' or ')}` : error.message);
      return { command: 'add-staff', email: text('email').trim().toLowerCase(), role: text('role') as StaffRole };
    }
    case 'list-staff':
      return { command: 'list-staff' };
    case 'reset-2fa': {
      const error = validateForm(opsInviteStaffForm, { email: text('email'), role: 'admin' });
      if (error) throw AppError.invalid(error.field, error.message);
      return { command: 'reset-2fa', email: text('email').trim().toLowerCase() };
    }
    default:
      throw AppError.invalid('command', 'Unknown command');
  }
}

async function runAdminCommand(deps: { db: Db; config: Config }, command: AdminCommand): Promise<AdminResult> {
  switch (command.command) {
    case 'add-staff': {
      const { link } = await addStaffMember(deps, COMMAND_LINE_ACTOR, { email: command.email, role: command.role, sendEmail: false });
      return {
        command: 'add-staff',
        email: command.email,
        role: command.role,
        link,
        expiresAt: new Date(Date.now() + STAFF_LINK_LIFETIME_MS).toISOString(),
      };
    }
    case 'list-staff':
      return { command: 'list-staff', items: await listStaff(deps.db) };
    case 'reset-2fa': {
      const { email } = await resetStaffTwoFactor(deps.db, COMMAND_LINE_ACTOR, command.email);
      return { command: 'reset-2fa', email };
    }
  }
}

/** Runs a command and answers in the socket's shape: an AppError's message, never internals. */
export async function answerAdminCommand(
  deps: { db: Db; config: Config },
  input: unknown,
  onUnexpected: (err: unknown) => void,
): Promise<AdminAnswer> {
  try {
    return { ok: true, result: await runAdminCommand(deps, parseAdminCommand(input)) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: { field: err.field, message: err.message } };
    onUnexpected(err);
    return { ok: false, error: { field: 'alert', message: messages.submitFailed } };
  }
}
