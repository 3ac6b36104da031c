/**
 * Model-based test of machines/ops/opsSignInMachine.ts (the staff sign-in with a second factor):
 * every edge of the model (tests/machines/opsSignInModel.ts, paths from xstate/graph) run on a
 * real actor whose requests the test answers; the state and context after each step must be
 * the model's, and every transition of the machine must be taken (the table is printed).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import { OpsSessionExpiredError, opsSignInMachine } from '../../machines/ops/opsSignInMachine';
import { opsSignInSnapshotToView, opsSignInViewStates } from '../../machines/ops/opsSignInView';
import { messages } from '../../src/shared/messages';
import { HeldActors, play } from './heldActors';
import { TransitionRecorder, edgePaths } from './coverage';
import {
  CODE,
  COMPLETE_TOKEN,
  EMAIL,
  ENROLMENT,
  PASSWORD,
  PENDING_TOKEN,
  RECOVERY,
  RECOVERY_CODES,
  serializeSignIn,
  signInEventCanHappen,
  signInEvents,
  type ModelEvent,
  type Snapshot,
} from './opsSignInModel';

const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});

function harness(recorder: TransitionRecorder, input: { expired?: boolean } = {}) {
  // Both verify invokes (verifyCode, verifyRecovery) run the one `verify` actor: answered by invoke id.
  const held = new HeldActors();
  const h = { held, stored: [] as string[], copied: [] as string[][], downloaded: [] as string[][] };
  const actor = createActor(
    opsSignInMachine.provide({
      actors: held.actors('logIn', 'loadEnrolment', 'confirmEnrolment', 'verify') as never,
      actions: {
        storeSession: (_, params) => void h.stored.push(params.token),
        copyRecoveryCodes: (_, params) => void h.copied.push(params.codes),
        downloadRecoveryCodes: (_, params) => void h.downloaded.push(params.codes),
      },
    }),
    { input, inspect: recorder.inspect },
  );
  actor.start();
  return { actor, h };
}

const drive = ({ actor, h }: ReturnType<typeof harness>, event: ModelEvent) => play(actor, h.held, event);

const recorder = new TransitionRecorder();

describe('staff sign-in machine, model-based', () => {
  const model = new TestModel(opsSignInMachine, { input: {}, events: signInEvents as never, serializeState: serializeSignIn as never });
  const paths = edgePaths(everyPrefix(model) as never, serializeSignIn as never, signInEventCanHappen as never);
  const seen = new Set<string>();

  it(`runs ${paths.length} edge paths, each step landing where the model says`, async () => {
    expect(paths.length).toBeGreaterThan(100);
    for (const steps of paths) {
      const run = harness(recorder);
      for (const step of steps) {
        if ((step.event.type as string) === 'xstate.init') continue;
        await drive(run, step.event as ModelEvent);
        const actual = run.actor.getSnapshot();
        const expected = step.state as Snapshot;
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        seen.add(opsSignInSnapshotToView(actual).state);
      }
      run.actor.stop();
    }
  });

  it('reaches every view state', () => {
    expect([...seen].sort()).toEqual([...opsSignInViewStates].sort());
  });

  it('enrols: password, QR code, first code, recovery codes saved, signed in with the complete token', async () => {
    const run = harness(recorder);
    await drive(run, { type: 'CHANGE', field: 'email', value: ` ${EMAIL} ` });
    await drive(run, { type: 'CHANGE', field: 'password', value: PASSWORD });
    await drive(run, { type: 'SUBMIT' });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'checkingPassword', busy: true });
    expect(run.h.held.running('logIn')!.input).toEqual({ email: EMAIL, password: PASSWORD });
    await drive(run, { type: 'xstate.done.actor.logIn', output: { token: PENDING_TOKEN, next: 'enrol' } });
    // The password is forgotten as soon as it has done its work.
    expect(run.actor.getSnapshot().context.values.password).toBe('');
    expect(run.h.held.running('loadEnrolment')!.input).toEqual({ pendingToken: PENDING_TOKEN });
    await drive(run, { type: 'xstate.done.actor.loadEnrolment', output: ENROLMENT });
    const qr = opsSignInSnapshotToView(run.actor.getSnapshot());
    expect(qr).toMatchObject({ state: 'showingQr', busy: false, qrSvg: ENROLMENT.qrSvg, manualKey: 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP' });
    await drive(run, { type: 'CHANGE', field: 'code', value: '492 039' });
    await drive(run, { type: 'SUBMIT' });
    expect(run.h.held.running('confirmEnrolment')!.input).toEqual({ pendingToken: PENDING_TOKEN, code: CODE });
    await drive(run, { type: 'xstate.done.actor.confirmEnrolment', output: { token: COMPLETE_TOKEN, recoveryCodes: RECOVERY_CODES } });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'recoveryCodes', recoveryCodes: RECOVERY_CODES, saved: null });
    expect(run.h.stored).toEqual([]);
    await drive(run, { type: 'DOWNLOAD_CODES' });
    expect(run.h.downloaded).toEqual([RECOVERY_CODES]);
    expect(opsSignInSnapshotToView(run.actor.getSnapshot()).saved).toBe('downloaded');
    await drive(run, { type: 'DONE' });
    expect(run.h.stored).toEqual([COMPLETE_TOKEN]);
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });

  it('puts each error under its field, or as an alert, and says when the pending session expired', async () => {
    const run = harness(recorder, { expired: true });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot()).notice).toBe(messages.opsSessionExpired);
    await drive(run, { type: 'SUBMIT' });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot()).fieldError('email')).toBe(messages.fieldRequired);
    await drive(run, { type: 'CHANGE', field: 'email', value: EMAIL });
    // Typing in the field clears its message.
    expect(opsSignInSnapshotToView(run.actor.getSnapshot()).fieldError('email')).toBeNull();
    await drive(run, { type: 'SUBMIT' });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot()).fieldError('password')).toBe(messages.fieldRequired);
    await drive(run, { type: 'CHANGE', field: 'password', value: PASSWORD });
    await drive(run, { type: 'SUBMIT' });
    await drive(run, { type: 'xstate.done.actor.logIn', output: { token: PENDING_TOKEN, next: 'code' } });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'code', notice: null });
    await drive(run, { type: 'CHANGE', field: 'code', value: '12' });
    await drive(run, { type: 'SUBMIT' });
    expect(opsSignInSnapshotToView(run.actor.getSnapshot()).fieldError('code')).toBe(messages.opsCodeInvalid);
    await drive(run, { type: 'USE_RECOVERY' });
    await drive(run, { type: 'CHANGE', field: 'recoveryCode', value: RECOVERY });
    await drive(run, { type: 'SUBMIT' });
    expect(run.h.held.running('verify')!.input).toEqual({ pendingToken: PENDING_TOKEN, recoveryCode: RECOVERY });
    await drive(run, { type: 'xstate.error.actor.verifyRecovery', error: new OpsSessionExpiredError(), answer: 'network' });
    const view = opsSignInSnapshotToView(run.actor.getSnapshot());
    expect(view).toMatchObject({ state: 'password', notice: messages.opsSessionExpired, alert: null });
    expect(view.values).toEqual({ email: EMAIL, password: '', code: '', recoveryCode: '' });
    expect(run.actor.getSnapshot().context.pendingToken).toBeNull();
  });

  afterAll(() => {
    const missing = recorder.report('staff sign-in machine (machines/ops/opsSignInMachine.ts)', opsSignInMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});
