/**
 * Model-based test of machines/ops/idReviewMachine.ts (a rider in the operations console: the ID
 * review uploaded → approved | rejected, and suspension with its step-up): paths from
 * xstate/graph run on a real actor whose requests the test answers; every transition driven and
 * the table printed. The requests must carry what the staff member decided.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError } from '../../machines/kit/formMachine';
import { accountViewStates, documentsViewStates, idReviewMachine, idReviewSnapshotToView, reviewViewStates } from '../../machines/ops/idReviewMachine';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder, coveringMoves, edgePaths } from './coverage';
import { HeldActors, play } from './heldActors';
import {
  CONFIRMATION,
  idReviewEventCanHappen,
  idReviewEvents,
  REJECT_REASON,
  RIDER_ID,
  riderFixture,
  serializeIdReviewState,
  SUSPEND_REASON,
  type IdReviewModelEvent,
} from './idReviewModel';

type Snapshot = SnapshotFrom<typeof idReviewMachine>;

const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});

function harness(recorder: TransitionRecorder) {
  const held = new HeldActors();
  const notices: string[] = [];
  const actor = createActor(
    idReviewMachine.provide({
      actors: held.actors('loadRider', 'decide', 'suspend', 'lift', 'loadDocuments') as never,
      actions: { notify: (_, params) => void notices.push(params.message) },
    }),
    { input: { riderId: RIDER_ID }, inspect: recorder.inspect },
  );
  actor.start();
  return { actor, held, notices };
}

const drive = (run: ReturnType<typeof harness>, event: IdReviewModelEvent) => play(run.actor, run.held, event);

const recorder = new TransitionRecorder();

describe('ID review machine, model-based', () => {
  const model = new TestModel(idReviewMachine, { events: idReviewEvents as never, serializeState: serializeIdReviewState as never, input: { riderId: RIDER_ID } } as never);
  const seenReview = new Set<string>();
  const seenAccount = new Set<string>();
  const seenDocuments = new Set<string>();
  // The moves between the machine's own states (coverage.ts coveringMoves), not each of the
  // model's 1,888 edges, which only repeat them with other reasons typed.
  const paths = coveringMoves(
    edgePaths(everyPrefix(model) as never, serializeIdReviewState as never, idReviewEventCanHappen as never),
    createActor(idReviewMachine, { input: { riderId: RIDER_ID } }).getSnapshot(),
  );

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const steps of paths) {
    const name = steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');
    it(name, async () => {
      const run = harness(recorder);
      for (const step of steps) {
        await drive(run, step.event as IdReviewModelEvent);
        const actual = run.actor.getSnapshot();
        const expected = step.state as Snapshot;
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        const view = idReviewSnapshotToView(actual);
        if (view.review) seenReview.add(view.review);
        if (view.account) seenAccount.add(view.account);
        if (view.documents) seenDocuments.add(view.documents);
        // Busy exactly while a decision or the rider is on its way (the documents do not hold the buttons).
        expect(view.busy).toBe(run.held.pending.some((r) => r.src !== 'loadDocuments'));
        expect(view.documents === 'loading').toBe(run.held.pending.some((r) => r.src === 'loadDocuments'));
      }
      run.actor.stop();
    });
  }

  it('reaches every view state of the three regions', () => {
    expect([...seenReview].sort()).toEqual([...reviewViewStates].sort());
    expect([...seenAccount].sort()).toEqual([...accountViewStates].sort());
    expect([...seenDocuments].sort()).toEqual([...documentsViewStates].sort());
  });

  it('sends what staff decided: the documents seen, the trimmed reason, the confirmation once', async () => {
    const run = harness(recorder);
    await drive(run, { type: 'xstate.done.actor.loadRider', output: riderFixture('pending') });
    await drive(run, { type: 'START_REJECT' });
    await drive(run, { type: 'SUBMIT_REJECT' });
    expect(idReviewSnapshotToView(run.actor.getSnapshot()).reviewError).toEqual({ field: 'reason', message: messages.opsIdReasonRequired });
    await drive(run, { type: 'REASON_CHANGED', value: `  ${REJECT_REASON} ` });
    await drive(run, { type: 'SUBMIT_REJECT' });
    expect(run.held.requests.at(-1)).toMatchObject({
      src: 'decide',
      input: { riderId: RIDER_ID, decision: 'reject', reason: REJECT_REASON, files: ['5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e'] },
    });
    await drive(run, { type: 'START_SUSPEND' });
    await drive(run, { type: 'SUSPEND_REASON_CHANGED', value: SUSPEND_REASON });
    await drive(run, { type: 'CONFIRM_SUSPEND', confirmation: '   ' });
    expect(idReviewSnapshotToView(run.actor.getSnapshot()).accountError).toEqual({ field: 'confirmation', message: messages.opsConfirmRequired });
    await drive(run, { type: 'CONFIRM_SUSPEND', confirmation: CONFIRMATION });
    expect(run.held.requests.at(-1)).toMatchObject({ src: 'suspend', input: { riderId: RIDER_ID, reason: SUSPEND_REASON, confirmation: CONFIRMATION } });
    // Both on their way at once: each region shows its own busy state.
    const view = idReviewSnapshotToView(run.actor.getSnapshot());
    expect([view.review, view.account, view.reviewBusy, view.accountBusy]).toEqual(['sendingRejection', 'suspending', true, true]);
    await drive(run, { type: 'xstate.error.actor.suspend', error: new SubmitError({ field: 'confirmation', message: messages.opsConfirmFailed }) });
    // A refused secret is forgotten; the reason typed stays.
    expect(run.actor.getSnapshot().context).toMatchObject({ confirmation: '', suspendReason: SUSPEND_REASON, accountError: { field: 'confirmation' } });
    run.actor.stop();
  });

  it('asks for the rider’s documents once loaded, and again only when staff ask after a failure', async () => {
    const run = harness(recorder);
    await drive(run, { type: 'xstate.done.actor.loadRider', output: riderFixture('pending') });
    expect(run.held.requests.at(-1)).toMatchObject({ src: 'loadDocuments', input: { riderId: RIDER_ID, documents: riderFixture('pending').documents } });
    await drive(run, { type: 'xstate.error.actor.loadDocuments', error: new Error('offline') });
    expect(idReviewSnapshotToView(run.actor.getSnapshot()).documents).toBe('failed');
    await drive(run, { type: 'RETRY_DOCUMENTS' });
    await drive(run, { type: 'xstate.done.actor.loadDocuments', output: { '5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e': 'blob:x/1' } });
    expect(idReviewSnapshotToView(run.actor.getSnapshot())).toMatchObject({ documents: 'shown', documentUrls: { '5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e': 'blob:x/1' } });
    expect(run.held.requests.filter((r) => r.src === 'loadDocuments')).toHaveLength(2);
    run.actor.stop();
  });

  afterAll(() => {
    const missing = recorder.report('ID review machine (machines/ops/idReviewMachine.ts)', idReviewMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});
