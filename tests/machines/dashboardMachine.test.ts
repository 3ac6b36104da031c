/**
 * The dashboard machine (machines/profile/dashboardMachine.ts) with its real children: the
 * profile load and the edit modal run inside it, only the requests are stood in. Examples that
 * can fail: what each kind of saved answer does to the profile on screen and the page, the
 * redirect of an incomplete profile, the location lists asked for once (again after a failure).
 * Every transition is driven through the real page in tests/web/RiderDashboard.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardEditMachine, dashboardMachine, dashboardSnapshotToView } from '../../machines/profile/dashboardMachine';
import { profileMachine } from '../../machines/profile/profileMachine';
import type { LocationState } from '../../src/shared/locations';
import type { Profile } from '../../src/shared/profile';
import { LOCATIONS } from './dashboardModel';
import { emptyProfile } from './profileFixture';


function run(options: { profiles: Profile[]; answer?: unknown; locations?: Array<() => Promise<LocationState[]>> }) {
  const log: string[] = [];
  let loads = 0;
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        profile: profileMachine.provide({ actors: { loadProfile: fromPromise(async () => options.profiles[Math.min(loads++, options.profiles.length - 1)]!) } }),
        edit: dashboardEditMachine.provide({ actors: { save: fromPromise(async () => options.answer) } }),
        loadLocations: fromPromise(() => {
          log.push('GET /api/locations');
          return options.locations!.shift()!();
        }),
      },
      actions: {
        download: (_, p) => void log.push(`download ${p.fileName}`),
        goToSignup: (_, p) => void log.push(`signup ${p.currentTab}`),
        pictureChanged: () => void log.push('header picture'),
        signOut: () => void log.push('sign out'),
        goHome: () => void log.push('home'),
        logFailure: (_, p) => void log.push(`logged ${p.what}`),
      },
    }),
  );
  actor.start();
  const view = () => {
    const s = actor.getSnapshot();
    const children = s.children as Record<string, { getSnapshot(): never } | undefined>;
    return dashboardSnapshotToView(s, { profile: children.profile?.getSnapshot(), edit: children.edit?.getSnapshot() });
  };
  return { actor, log, view, loads: () => loads };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dashboard machine with its children', () => {
  it('shows the profile a save answered, at once', async () => {
    const saved = emptyProfile({ bio: 'Five years across Lagos.' });
    const { actor, view } = run({ profiles: [emptyProfile()], answer: { message: 'ok', profile: saved } });
    await settle();
    expect(view().profile).toEqual({ state: 'loaded', profile: emptyProfile() });
    actor.send({ type: 'OPEN', modal: 'bio', values: { username: 'ada_rides', bio: 'Five years across Lagos.' }, entryId: null });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(view().edit.state).toBe('closed');
    expect(view().profile.profile?.user.bio).toBe('Five years across Lagos.');
  });

  it('reads the profile again after a new picture and tells the header', async () => {
    const pictured = emptyProfile({ picture: { url: '/files/p' } as never });
    const { actor, view, log, loads } = run({ profiles: [emptyProfile(), pictured], answer: { message: 'ok', picture: { url: '/files/p' } } });
    await settle();
    actor.send({ type: 'OPEN', modal: 'picture', values: {}, entryId: null });
    actor.send({ type: 'SELECT_FILE', field: 'profile_image', file: { name: 'me.jpg', type: 'image/jpeg', size: 1000 } });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, () => loads() === 2);
    await settle();
    expect(log).toEqual(['header picture']);
    expect(view().profile.profile?.user.picture).toEqual({ url: '/files/p' });
  });

  it('hands the export to the browser', async () => {
    const { actor, log } = run({ profiles: [emptyProfile()], answer: { blob: { size: 2 }, fileName: 'ada-data.json' } });
    await settle();
    actor.send({ type: 'OPEN', modal: 'exportData', values: {}, entryId: null });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(log).toEqual(['download ada-data.json']);
  });

  it('signs out and goes home once the account is deleted, and stops its children', async () => {
    const { actor, log, view } = run({ profiles: [emptyProfile()], answer: { message: 'gone' } });
    await settle();
    actor.send({ type: 'OPEN', modal: 'deleteAccount', values: { password: 'ogba-rides-at-dawn-42' }, entryId: null });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(log).toEqual(['sign out', 'home']);
    expect(view().state).toBe('deleted');
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('sends an incomplete profile to sign-up at its step', async () => {
    const { actor, log, view } = run({ profiles: [emptyProfile({ profile_completed: 0, current_tab: 3 })] });
    await settle();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(log).toEqual(['signup 3']);
    expect(view().profile.state).toBe('incomplete');
  });

  it('asks for the location lists when Edit Profile Content first opens, once, and again after a failure', async () => {
    const { actor, log, view } = run({
      profiles: [emptyProfile()],
      locations: [() => Promise.reject(new Error('offline')), () => Promise.resolve(LOCATIONS)],
    });
    await settle();
    actor.send({ type: 'OPEN', modal: 'bio', values: {}, entryId: null });
    actor.send({ type: 'CLOSE' });
    expect(log).toEqual([]);
    actor.send({ type: 'OPEN', modal: 'profile', values: {}, entryId: null });
    await settle();
    expect(view()).toMatchObject({ locations: null, locationsFailed: true });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN', modal: 'profile', values: {}, entryId: null });
    await settle();
    expect(view()).toMatchObject({ locations: LOCATIONS, locationsFailed: false });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN', modal: 'profile', values: {}, entryId: null });
    await settle();
    expect(log).toEqual(['GET /api/locations', 'logged the location list', 'GET /api/locations']);
  });
});
