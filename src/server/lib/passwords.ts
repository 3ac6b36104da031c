/**
 * Password hashing and the new-password policy (DESIGN.md §8).
 *
 * argon2id at OWASP's parameters (m=19 MiB, t=2, p=1). The argon2 package hashes on libuv's
 * thread pool, so a hash never blocks the event loop (tests/server/passwords.test.ts measures
 * the loop's delay while hashes run). At most one hash per CPU core but one runs at a time
 * (the rest wait their turn): the event loop keeps a core for itself, and a burst of logins
 * costs no throughput, since hashing is bound by the cores anyway. A new password must have 8 to 128 characters and must not
 * be on the list of the 5,000 most common passwords shipped beside this file; there are no
 * composition rules.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';

const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when a hashing slot is free. */
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inSlot(() => argon2.hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await inSlot(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/** True when the hash was made with other parameters than today's (it is rehashed at login). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * Spends the time of a real verification when there is no account (or no password) to check,
 * so an unknown e-mail and a wrong password take as long as each other.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#')),
    );
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/**
 * True when the password is the account's own username or e-mail address (or the address's
 * part before the @), compared without regard to case or surrounding spaces: the first thing
 * an attacker who knows the address tries (NIST SP 800-63B §5.1.1.2, "context-specific words").
 */
function isIdentityPassword(password: string, identity: { email?: string | null; username?: string | null }): boolean {
  const candidate = password.trim().toLowerCase();
  const email = identity.email?.trim().toLowerCase() ?? '';
  const words = [email, email.split('@')[0] ?? '', identity.username?.trim().toLowerCase() ?? ''].filter((w) => w.length > 0);
  return words.includes(candidate);
}

/**
 * The server-only part of the new-password rule (the length rules are in src/shared/accountForms):
 * not on the common list, and not the account's own username or e-mail.
 */
export function assertPasswordNotCommon(
  field: string,
  password: string,
  identity: { email?: string | null; username?: string | null } = {},
): void {
  if (isCommonPassword(password)) throw AppError.invalid(field, messages.passwordTooCommon);
  if (isIdentityPassword(password, identity)) throw AppError.invalid(field, messages.passwordIsIdentity);
}
