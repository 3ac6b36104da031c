/**
 * The console's row action machine (machines/kit/rowActionMachine.ts) on its own, with a stand-in
 * request: what it sends, when it asks first, and where a refusal lands. Its paths through the
 * real waitlist and newsletter screens are in tests/web/OpsRowActions.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { rowActionMachine, rowActionView, type RowActionOutput, type RowActionRequest } from '../../machines/kit/rowActionMachine';

const unsubscribe: RowActionRequest = { rowId: 'r1', action: 'unsubscribe', confirm: 'stepUp', subject: 'ada@example.com' };
const invite: RowActionRequest = { rowId: 'r2', action: 'invite', confirm: 'none', subject: 'Mama Put Foods' };

function harness(answers: Array<RowActionOutput | Error>) {
  const sent: Array<{ request: RowActionRequest; confirmation: string | null }> = [];
  const told: string[] = [];
  const applied: string[] = [];
  const actor = createActor(
    rowActionMachine.provide({
      actors: {
        perform: fromPromise<RowActionOutput, { request: RowActionRequest; confirmation: string | null }>(async ({ input }) => {
          sent.push(input);
          const answer = answers.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: {
        applied: (_, params) => applied.push(params.request.rowId),
        announceDone: (_, params) => told.push(`done: ${params.message}`),
        announceFailure: (_, params) => told.push(`failed: ${params.message}`),
      },
    }),
  ).start();
  return { actor, sent, told, applied };
}

describe('rowActionMachine', () => {
  it('sends an action that needs no confirmation at once, then refreshes and tells', async () => {
    const { actor, sent, told, applied } = harness([{ message: 'Invited' }]);
    actor.send({ type: 'START', request: invite });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([{ request: invite, confirmation: null }]);
    expect(applied).toEqual(['r2']);
    expect(told).toEqual(['done: Invited']);
  });

  it('asks first for a step-up action, and a refused confirmation goes back under its field', async () => {
    const refused = new SubmitError({ field: 'confirmation', message: 'That password or code is not right' });
    const { actor, sent, told } = harness([refused, { message: 'Unsubscribed' }]);
    actor.send({ type: 'START', request: unsubscribe });
    expect(rowActionView(actor.getSnapshot())).toMatchObject({ state: 'confirming', dialogOpen: true });
    actor.send({ type: 'CONFIRM', confirmation: 'wrong' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null);
    expect(rowActionView(actor.getSnapshot())).toMatchObject({ state: 'confirming', error: 'That password or code is not right' });
    actor.send({ type: 'CONFIRM', confirmation: 'right-password' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent.map((s) => s.confirmation)).toEqual(['wrong', 'right-password']);
    expect(told).toEqual(['done: Unsubscribed']);
  });

  it('tells any other failure and closes; a cancel sends nothing', async () => {
    const { actor, sent, told } = harness([new SubmitError({ field: 'alert', message: 'This subscriber is no longer on the list' })]);
    actor.send({ type: 'START', request: unsubscribe });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toEqual([]);
    actor.send({ type: 'START', request: unsubscribe });
    actor.send({ type: 'CONFIRM', confirmation: 'pw' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(told).toEqual(['failed: This subscriber is no longer on the list']);
    expect(rowActionView(actor.getSnapshot())).toMatchObject({ state: 'idle', request: null, busyRowId: null });
  });
});
