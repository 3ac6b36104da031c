/**
 * The test plan of a machine: what the screen shows in each state, what the user does
 * for each event, and which Storybook story shows each state. Pure data and small text helpers:
 * read by tests/machines/plans.test.ts, scripts/paths.mjs (docs/test-plans) and the Storybook
 * diagrams (storybook/stories/Machines.stories.tsx), so nothing here may import test code.
 */
import { messages } from '../../../src/shared/messages';

/** One state node, keyed by its path below the machine (`verify.entering.code.editing`; the machine itself is `(root)`). */
export interface StatePlan {
  /** What the screen shows in this state, in words a QA engineer can check. */
  says: string;
  /** The Storybook story id (`?path=/story/<id>`) that shows this state. */
  story: string;
  /** True when the state has no picture of its own and `story` is the closest one. */
  closest?: true;
}

/** Any event the machine handles, with what it carries (the step text may use it). */
export type PlanEvent = { type: string } & Record<string, unknown>;

/** The step, from the event, the plan keys of the leaf states it happens in and the machine's context then. */
export type StepText = string | ((event: PlanEvent, from: readonly string[], context: Record<string, unknown>) => string);

export interface MachinePlan {
  /** The machine's export name, e.g. `signupMachine`. */
  machine: string;
  /** A title for the plan and the diagram, e.g. `Rider sign-up wizard`. */
  title: string;
  /** How to get to the start: which URL, which account, anything to prepare. */
  start: string;
  /** Every state node, by path (see StatePlan). */
  states: Record<string, StatePlan>;
  /** Every event type the machine handles: the user's step (or what to wait for). */
  events: Record<string, StepText>;
  /** Each way a generated path may start (a label from tests/machines/plans/sources.ts): how to set it up. */
  starts?: Record<string, string>;
}

interface FieldErrorLike {
  fieldError?: { field?: string; message?: string };
  message?: string;
}

/**
 * What a failed request looks like to the user, and how a tester makes it happen: the server's
 * refusal (`hint` says how to provoke it), the server failing, or the network gone.
 */
export function failure(event: PlanEvent, what: string, hint?: string): string {
  const error = event.error as FieldErrorLike | undefined;
  const refusal = error?.fieldError?.message;
  if (refusal === messages.submitFailed) {
    return `${what}: the server fails (block the request in DevTools → Network request blocking, or stop the server): “${refusal}”`;
  }
  const how = hint ? ` (${hint})` : '';
  if (refusal) return `${what}${how}: the server refuses with “${refusal}”${error?.fieldError?.field && error.fieldError.field !== 'alert' ? ` (on ${error.fieldError.field})` : ''}`;
  if (error && typeof error === 'object' && 'name' in error && !['Error', 'TypeError'].includes((error as { name: string }).name) && error.message) {
    return `${what}${how}: the server refuses (${(error as { name: string }).name}: “${error.message}”)`;
  }
  return `${what}: the request fails (set DevTools → Network to Offline before the step, back Online after)`;
}

/** `CHANGE` style events: type a value into a field (an empty value means clear the field). */
export function typed(event: PlanEvent, field?: string): string {
  const name = String(field ?? event.field ?? 'the field').replace(/_/g, ' ');
  const value = String(event.value ?? '');
  return value.trim() === '' ? `Clear the ${name} field` : `Type “${value}” in the ${name} field`;
}

/** Whether a JWT (as a string) has expired at `now` (ms): step texts tell a fresh token from a stale one. */
export function jwtExpired(token: unknown, now: unknown): boolean {
  try {
    const claims = JSON.parse(atob(String(token).split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof claims.exp === 'number' && claims.exp * 1000 <= Number(now);
  } catch {
    return true;
  }
}

/** How a tester gets into the operations console (docs/operations.md). */
export const OPS_START =
  'A staff account: `npm run ops -- add-staff you@ogbadispatch.ng --role admin` prints a one-time link; set the password there, sign in at http://localhost:3000/ops/login and set up the second factor.';
