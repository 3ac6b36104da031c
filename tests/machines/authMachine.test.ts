/**
 * Model-based test of machines/kit/authMachine.ts: paths generated with xstate/graph from every
 * starting point (no token, a valid, an expired and an unreadable stored token) are run against
 * a real actor whose requests the test settles; after each step the state must agree with the
 * effects (expectConsistent: what storage holds, the token requests carry, the view), not with
 * the machine's own transition function; every transition must be driven at least once. The same
 * machine driven through the real app (login page, header, Google return, the wizard's Try again),
 * with its view coverage enforced, is tests/web/AuthFlow.test.tsx.
 * The named scenarios then check the effects: what is stored and removed, where the
 * browser goes and what it says.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { authMachine, type AuthEvent, type AuthInput } from '../../machines/kit/authMachine';
import { readToken } from '../../machines/kit/authToken';
import { authSnapshotToView } from '../../machines/kit/authView';
import type { CurrentUser } from '../../src/shared/api';
import {
  GRANT_CODE,
  HOUR,
  NOW,
  refused,
  authActorResultCanHappen,
  authEvents,
  jwt,
  serializeAuthState,
  tokens,
  user,
  type AuthModelEvent,
} from './authModel';
import { TransitionRecorder, edgePaths } from './coverage';

type Snapshot = SnapshotFrom<typeof authMachine>;

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function harness(input: AuthInput, recorder: TransitionRecorder) {
  const pending: { loadUser?: Deferred<CurrentUser>; endSession?: Deferred<unknown>; exchangeGoogle?: Deferred<{ token: string; now: number }> } = {};
  const effects: string[] = [];
  const requests: string[] = [];
  const machine = authMachine.provide({
    actors: {
      loadUser: fromPromise(({ input: i }) => {
        requests.push(`me:${i.token === tokens.valid ? 'valid' : i.token === tokens.google ? 'google' : i.token}`);
        return new Promise<CurrentUser>((resolve, reject) => (pending.loadUser = { resolve, reject }));
      }),
      exchangeGoogleCode: fromPromise(({ input: i }) => {
        requests.push(`exchange:${i.code === GRANT_CODE ? 'code' : i.code}:${i.token === tokens.valid ? 'valid' : i.token === tokens.google ? 'google' : i.token}`);
        return new Promise<{ token: string; now: number }>((resolve, reject) => (pending.exchangeGoogle = { resolve, reject }));
      }),
      endSession: fromPromise(({ input: i }) => {
        requests.push(`logout:${i.token === tokens.valid ? 'valid' : i.token === tokens.google ? 'google' : i.token}`);
        return new Promise((resolve, reject) => (pending.endSession = { resolve, reject }));
      }),
    },
    actions: {
      storeToken: (_, params) => void effects.push(`store:${params.token === tokens.valid ? 'valid' : params.token === tokens.google ? 'google' : params.token}`),
      removeToken: () => void effects.push('remove'),
      goToLogin: () => void effects.push('goToLogin'),
      reloadHome: () => void effects.push('reloadHome'),
      announce: (_, params) => void effects.push(`toast:${params.message}`),
    },
  });
  const actor = createActor(machine, { input, inspect: recorder.inspect });
  actor.start();
  return { actor, pending, effects, requests };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: AuthModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.done.actor.loadUser':
      h.pending.loadUser!.resolve(event.output);
      break;
    case 'xstate.error.actor.loadUser':
      h.pending.loadUser!.reject(event.error);
      break;
    case 'xstate.done.actor.exchangeGoogle':
      h.pending.exchangeGoogle!.resolve(event.output);
      break;
    case 'xstate.error.actor.exchangeGoogle':
      h.pending.exchangeGoogle!.reject(event.error);
      break;
    case 'xstate.done.actor.endSession':
      h.pending.endSession!.resolve(event.output);
      break;
    case 'xstate.error.actor.endSession':
      h.pending.endSession!.reject(event.error);
      break;
    default:
      h.actor.send(event as AuthEvent);
  }
  await flush();
}

const label = (token: string | null) => (token === tokens.valid ? 'valid' : token === tokens.google ? 'google' : token);

/**
 * What must hold in the state the actor is in, checked against its effects (not against the
 * machine's own transition function): storage holds the token exactly while signed in
 * (and nothing after a sign-out or a logout), requests carry only a token that reads as valid,
 * the view says signed in only then, and the user's basics are known only once loaded.
 */
function expectConsistent(h: ReturnType<typeof harness>, input: AuthInput): void {
  const snapshot = h.actor.getSnapshot() as Snapshot;
  let stored: string | null = label(input.token);
  for (const effect of h.effects) {
    if (effect === 'remove') stored = null;
    else if (effect.startsWith('store:')) stored = effect.slice('store:'.length);
  }
  const view = authSnapshotToView(snapshot);
  if (snapshot.matches('signedIn')) {
    expect(stored, 'storage holds the token while signed in').toBe(label(snapshot.context.token));
    expect(view.signedIn).toBe(true);
    expect(readToken(view.token!, snapshot.context.startedAt).status === 'valid' || readToken(view.token!, NOW).status === 'valid').toBe(true);
    if (snapshot.matches({ signedIn: 'loadingUser' })) expect(h.pending.loadUser, 'the user is asked for').toBeDefined();
  } else {
    expect(view.signedIn).toBe(false);
    expect(view.token).toBeNull();
    if (snapshot.matches('signedOut') || snapshot.matches('loggingOut')) expect(stored, 'nothing stored once signed out').toBeNull();
  }
  // The user's basics only while signed in (a reload keeps the last ones on screen meanwhile).
  if (view.user !== null) expect(snapshot.matches('signedIn')).toBe(true);
  if (snapshot.matches('loggingOut')) expect(h.effects, 'a logout goes to /login at once').toContain('goToLogin');
}

const recorder = new TransitionRecorder();
const variants: Array<{ name: string; input: AuthInput }> = [
  { name: 'no stored token', input: { token: null, now: NOW } },
  { name: 'a valid stored token', input: { token: tokens.valid, now: NOW } },
  { name: 'an expired stored token', input: { token: tokens.expired, now: NOW } },
  { name: 'an unreadable stored token', input: { token: tokens.unreadable, now: NOW } },
];

describe('auth machine, model-based', () => {
  for (const variant of variants) {
    const model = new TestModel(authMachine, {
      input: variant.input,
      events: authEvents as unknown as AuthEvent[],
      serializeState: serializeAuthState as never,
    });
    const paths = model.getShortestPaths();
    it(`${variant.name}: generates paths`, () => {
      expect(paths.length).toBeGreaterThan(3);
    });
    it(`${variant.name}: every event from every reachable state`, async () => {
      const all = edgePaths(model as never, serializeAuthState as never, authActorResultCanHappen as never);
      expect(all.length).toBeGreaterThan(paths.length);
      for (const steps of all) {
        const h = harness(variant.input, recorder);
        for (const step of steps) {
          await drive(h, step.event as unknown as AuthModelEvent);
          expectConsistent(h, variant.input);
        }
        h.actor.stop();
      }
    });
    for (const path of paths) {
      it(`${variant.name}: ${path.description}`, async () => {
        const h = harness(variant.input, recorder);
        for (const step of path.steps) {
          await drive(h, step.event as unknown as AuthModelEvent);
          expectConsistent(h, variant.input);
        }
        h.actor.stop();
      });
    }
  }

  afterAll(() => {
    const missing = recorder.report('auth machine', authMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('auth machine: its named scenarios', () => {
  const local = new TransitionRecorder();
  const signedOut = { token: null, now: NOW };

  it('a valid stored token signs in at start and loads the user; expired and unreadable ones are removed', async () => {
    const h = harness({ token: tokens.valid, now: NOW }, local);
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ state: 'loadingUser', signedIn: true, userType: 1, token: tokens.valid });
    expect(h.requests).toEqual(['me:valid']);
    await drive(h, { type: 'xstate.done.actor.loadUser', output: user });
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ state: 'signedIn', picturePath: user.picture!.url, user });
    expect(h.effects).toEqual([]);
    for (const bad of [tokens.expired, tokens.unreadable, tokens.noExp]) {
      const g = harness({ token: bad, now: NOW }, local);
      expect(authSnapshotToView(g.actor.getSnapshot())).toMatchObject({ state: 'signedOut', signedIn: false, token: null });
      expect(g.effects).toEqual(['remove']);
      expect(g.requests).toEqual([]);
    }
  });

  it('login stores the token; a token that does not read as valid is not stored', async () => {
    const h = harness(signedOut, local);
    h.actor.send({ type: 'LOGIN', token: tokens.expired, now: NOW });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    h.actor.send({ type: 'LOGIN', token: tokens.valid, now: NOW });
    expect(h.effects).toEqual(['store:valid']);
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ signedIn: true, token: tokens.valid, userType: 1 });
    expect(h.requests).toEqual(['me:valid']);
  });

  it('finds the expiry before a request: the token is removed and none is sent', async () => {
    const h = harness({ token: tokens.valid, now: NOW }, local);
    h.actor.send({ type: 'CHECK', now: NOW + HOUR / 2 });
    expect(authSnapshotToView(h.actor.getSnapshot()).token).toBe(tokens.valid);
    h.actor.send({ type: 'CHECK', now: NOW + HOUR });
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ signedIn: false, token: null });
    expect(h.effects).toEqual(['remove']);
  });

  it('a 401 removes the token and sends the browser to /login', async () => {
    const h = harness({ token: tokens.valid, now: NOW }, local);
    await drive(h, { type: 'xstate.done.actor.loadUser', output: user });
    h.actor.send({ type: 'UNAUTHORIZED' });
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ state: 'signedOut', token: null, user: null });
    expect(h.effects).toEqual(['remove', 'goToLogin']);
  });

  it('logout removes the token, goes to /login at once, and ends the server session with that token', async () => {
    const h = harness({ token: tokens.valid, now: NOW }, local);
    await drive(h, { type: 'xstate.done.actor.loadUser', output: user });
    h.actor.send({ type: 'LOGOUT' });
    expect(h.effects).toEqual(['remove', 'goToLogin']);
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ state: 'loggingOut', signedIn: false, token: null });
    expect(h.requests).toEqual(['me:valid', 'logout:valid']);
    await drive(h, { type: 'xstate.error.actor.endSession', error: new Error('offline') });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.token).toBeNull();
  });

  it('the Google redirect: its one-time code is exchanged, the token stored and home reloaded; a token in the query is never taken', async () => {
    const h = harness(signedOut, local);
    h.actor.send({ type: 'GOOGLE_RETURN', code: tokens.expired, now: NOW });
    h.actor.send({ type: 'GOOGLE_RETURN', code: tokens.google, now: NOW });
    h.actor.send({ type: 'GOOGLE_RETURN', code: tokens.unreadable, now: NOW });
    expect(h.effects).toEqual(['toast:Token has expired', 'toast:Invalid token', 'toast:Invalid token']);
    expect(h.requests).toEqual([]);
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);

    h.actor.send({ type: 'GOOGLE_RETURN', code: GRANT_CODE, now: NOW });
    expect(h.requests).toEqual(['exchange:code:null']);
    await drive(h, { type: 'xstate.done.actor.exchangeGoogle', output: { token: tokens.google, now: NOW } });
    expect(h.effects.slice(3)).toEqual(['store:google', 'reloadHome']);
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ signedIn: true, token: tokens.google });
  });

  it('a refused code says what the server said and leaves the browser as it was: signed in stays signed in', async () => {
    const h = harness({ token: tokens.valid, now: NOW }, local);
    await drive(h, { type: 'xstate.done.actor.loadUser', output: user });
    h.actor.send({ type: 'GOOGLE_RETURN', code: GRANT_CODE, now: NOW });
    expect(h.requests).toEqual(['me:valid', 'exchange:code:valid']);
    const other = 'You are logged in to another account on this device. Log out first, then continue with Google.';
    await drive(h, { type: 'xstate.error.actor.exchangeGoogle', error: refused(other) });
    expect(h.effects).toEqual([`toast:${other}`]);
    expect(authSnapshotToView(h.actor.getSnapshot())).toMatchObject({ signedIn: true, token: tokens.valid });

    const g = harness(signedOut, local);
    g.actor.send({ type: 'GOOGLE_RETURN', code: GRANT_CODE, now: NOW });
    await drive(g, { type: 'xstate.error.actor.exchangeGoogle', error: new Error('offline') });
    expect(g.effects).toEqual(['toast:Invalid token']);
    expect(g.actor.getSnapshot().matches('signedOut')).toBe(true);
  });


  it('reads exp in seconds, and a company token keeps its user_type', () => {
    const company = jwt({ sub: 'c', sid: 's', user_type: 2, exp: NOW / 1000 + 60 });
    expect(readToken(company, NOW)).toEqual({ status: 'valid', exp: NOW / 1000 + 60, userType: 2 });
    expect(readToken(company, NOW + 60_000)).toEqual({ status: 'expired' });
    const h = harness({ token: company, now: NOW }, local);
    expect(authSnapshotToView(h.actor.getSnapshot()).userType).toBe(2);
  });
});
