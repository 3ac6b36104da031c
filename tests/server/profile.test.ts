/**
 * The dashboard API on PGlite and on PostgreSQL: the profile read, the profile and
 * bio update, work history and past employees (each field's rule; another rider's ids answered
 * 404 with nothing changed).
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import type { Profile, ProfileWriteResponse } from '../../src/shared/profile';
import { describeEachDatabase, errorOf, useTestApp } from './helper';
import { as, daysAgo, profileOf, signedInRider } from './profileHelpers';

const REQUIRED = messages.fieldRequired;

describeEachDatabase('GET /api/users/profile', (kind) => {
  const t = useTestApp(kind);

  it('needs sign-in: 401 without a token or with a made-up one', async () => {
    for (const headers of [{}, { 'x-auth-token': 'not-a-token' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res.body).field).toBe('alert');
    }
  });

  it("answers {user, workHistories, pastEmployees, personalInfo, reputation} for a new rider, nothing else of the account's", async () => {
    const rider = await signedInRider(t);
    const res = await as(t, rider, { method: 'GET', url: '/api/users/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Profile>();
    expect(Object.keys(body).sort()).toEqual(['pastEmployees', 'personalInfo', 'reputation', 'user', 'workHistories']);
    expect(body).toEqual({
      user: {
        username: rider.username,
        email: rider.email,
        phone: null,
        address: null,
        town: 'Ikeja',
        state: 'Lagos',
        introduction: null,
        bio: null,
        picture: null,
        user_type: 1,
        profile_completed: 1,
        current_tab: 5,
        has_password: true,
      },
      workHistories: [],
      pastEmployees: [],
      personalInfo: null,
      // No reviewed job yet, a "New rider"; no delivery yet, no delivery record.
      reputation: {
        job_success: null,
        jobs_counted: 0,
        review_count: 0,
        rating_average_x100: null,
        reviewed: 0,
        deliveries_completed: 0,
        deliveries_on_time: 0,
        delivery_rating_count: 0,
        delivery_rating_average_x100: null,
      },
    });
    expect(res.body).not.toMatch(/password_hash|argon2/);
  });
});

describeEachDatabase('PUT /api/users/profile-update', (kind) => {
  const t = useTestApp(kind);
  const update = (rider: Parameters<typeof as>[1], payload: Record<string, unknown>) =>
    as(t, rider, { method: 'PUT', url: '/api/users/profile-update', payload });

  const content = (username: string) => ({
    username,
    phone: '0803 123 4567',
    state: 'Lagos',
    town: 'Ikeja',
    introduction: 'Fast, careful rider on the mainland',
  });

  it('saves the profile content: the phone as +234…, texts trimmed, "Profile updated successfully"', async () => {
    const rider = await signedInRider(t);
    const res = await update(rider, { ...content(rider.username), introduction: '  Fast, careful rider on the mainland  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProfileWriteResponse>();
    expect(body.message).toBe('Profile updated successfully');
    expect(body.profile.user).toMatchObject({
      phone: '+2348031234567',
      state: 'Lagos',
      town: 'Ikeja',
      introduction: 'Fast, careful rider on the mainland',
    });
    expect((await profileOf(t, rider)).user.phone).toBe('+2348031234567');
    // +234 and 234 forms are the same number; an empty phone clears it.
    for (const phone of ['+234 803 123 4567', '234-803-123-4567', '(0803) 123-4567']) {
      const again = await update(rider, { ...content(rider.username), phone });
      expect(again.json<ProfileWriteResponse>().profile.user.phone).toBe('+2348031234567');
    }
    const cleared = await update(rider, { ...content(rider.username), phone: '', introduction: '' });
    expect(cleared.json<ProfileWriteResponse>().profile.user).toMatchObject({ phone: null, introduction: null });
  });

  it('checks every field: the message under the field, nothing saved', async () => {
    const rider = await signedInRider(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ username: '' }, 'username', REQUIRED],
      [{ username: 'a b' }, 'username', messages.usernameShape],
      [{ username: 'ab' }, 'username', messages.usernameShape],
      [{ username: 'x'.repeat(31) }, 'username', messages.usernameShape],
      [{ phone: '12345' }, 'phone', messages.invalidPhone],
      [{ phone: '0603 123 4567' }, 'phone', messages.invalidPhone],
      [{ phone: '+44 7700 900123' }, 'phone', messages.invalidPhone],
      [{ state: '' }, 'state', messages.selectState],
      [{ town: ' ' }, 'town', messages.selectTown],
      [{ state: 'Atlantis' }, 'state', messages.unknownState],
      [{ town: 'Kano' }, 'town', messages.unknownTown('Lagos')],
      [{ introduction: 'x'.repeat(161) }, 'introduction', messages.tooLong(160)],
    ];
    for (const [change, field, message] of cases) {
      const res = await update(rider, { ...content(rider.username), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
    }
    // The location data's own spelling is kept.
    const spelled = await update(rider, { ...content(rider.username), state: ' lagos ', town: 'IKEJA' });
    expect(spelled.json<ProfileWriteResponse>().profile.user).toMatchObject({ state: 'Lagos', town: 'Ikeja' });
    await update(rider, { ...content(rider.username), phone: '' });
    const missing = await update(rider, { username: rider.username, phone: '', town: 'Ikeja', introduction: '' });
    expect(errorOf(missing.body)).toEqual({ field: 'state', message: messages.selectState });
    const wrongType = await update(rider, { ...content(rider.username), phone: 8031234567 });
    expect(wrongType.statusCode).toBe(400);
    expect((await profileOf(t, rider)).user.phone).toBeNull();
  });

  it('keeps usernames unique without regard to case (409 under username)', async () => {
    const first = await signedInRider(t);
    const second = await signedInRider(t);
    const res = await update(second, content(first.username.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toEqual({ field: 'username', message: messages.usernameTaken });
    expect((await profileOf(t, second)).user.username).toBe(second.username);
    // A rider may change the case of their own name.
    const own = await update(second, content(second.username.toUpperCase()));
    expect(own.statusCode).toBe(200);
    expect(own.json<ProfileWriteResponse>().profile.user.username).toBe(second.username.toUpperCase());
  });

  it('saves the bio ({username, bio}): "Bio updated successfully"; an empty bio clears it', async () => {
    const rider = await signedInRider(t);
    const res = await update(rider, { username: rider.username, bio: 'I have delivered across Lagos since 2019.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfileWriteResponse>()).toMatchObject({
      message: 'Bio updated successfully',
      profile: { user: { bio: 'I have delivered across Lagos since 2019.', state: 'Lagos', town: 'Ikeja' } },
    });
    const tooLong = await update(rider, { username: rider.username, bio: 'x'.repeat(2001) });
    expect(errorOf(tooLong.body)).toEqual({ field: 'bio', message: messages.tooLong(2000) });
    const cleared = await update(rider, { username: rider.username, bio: '   ' });
    expect(cleared.json<ProfileWriteResponse>().profile.user.bio).toBeNull();
  });

  it('needs sign-in, and an ended session changes nothing', async () => {
    const rider = await signedInRider(t);
    const res = await update(null, content('someone_else'));
    expect(res.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-auth-token': rider.token } });
    const after = await update(rider, content('renamed_rider'));
    expect(after.statusCode).toBe(401);
    const [row] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, rider.id));
    expect(row!.username).toBe(rider.username);
  });
});

describeEachDatabase('work history', (kind) => {
  const t = useTestApp(kind);
  const entry = () => ({
    position: 'Dispatch rider',
    company_name: 'Gokada',
    number_of_years: '3-5',
    start_date: daysAgo(2000),
    end_date: daysAgo(100),
  });
  const create = (rider: Parameters<typeof as>[1], payload: Record<string, unknown>) =>
    as(t, rider, { method: 'POST', url: '/api/riders/work-history/create', payload });
  const change = (rider: Parameters<typeof as>[1], payload: Record<string, unknown>) =>
    as(t, rider, { method: 'PUT', url: '/api/riders/work-history/update', payload });

  it('adds an entry (end date empty: Present) and lists it, newest first', async () => {
    const rider = await signedInRider(t);
    const res = await create(rider, entry());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfileWriteResponse>().message).toBe(messages.workHistorySaved);
    const current = await create(rider, { ...entry(), company_name: 'Kwik Delivery', end_date: '' });
    const list = current.json<ProfileWriteResponse>().profile.workHistories;
    expect(list.map((w) => [w.company_name, w.end_date])).toEqual([
      ['Kwik Delivery', null],
      ['Gokada', entry().end_date],
    ]);
    expect(list[1]).toEqual({ _id: expect.any(String), ...entry() });
  });

  it('checks every field', async () => {
    const rider = await signedInRider(t);
    const today = daysAgo(0);
    const tomorrow = new Date(Date.now() + 3600_000 + 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ position: '' }, 'position', REQUIRED],
      [{ company_name: '  ' }, 'company_name', REQUIRED],
      [{ number_of_years: '' }, 'number_of_years', REQUIRED],
      [{ number_of_years: '0-2' }, 'number_of_years', messages.chooseOption],
      [{ start_date: '' }, 'start_date', REQUIRED],
      [{ start_date: '2023-02-30' }, 'start_date', messages.invalidDate],
      [{ start_date: '12/05/2023' }, 'start_date', messages.invalidDate],
      [{ start_date: '1900-01-01' }, 'start_date', messages.invalidDate],
      [{ start_date: tomorrow, end_date: '' }, 'start_date', messages.dateInFuture],
      [{ end_date: tomorrow }, 'end_date', messages.dateInFuture],
      [{ start_date: today, end_date: daysAgo(1) }, 'end_date', messages.endBeforeStart],
      [{ position: 'x'.repeat(101) }, 'position', messages.tooLong(100)],
    ];
    for (const [changed, field, message] of cases) {
      const res = await create(rider, { ...entry(), ...changed });
      expect(res.statusCode, JSON.stringify(changed)).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
    }
    const sameDay = await create(rider, { ...entry(), start_date: today, end_date: today });
    expect(sameDay.statusCode).toBe(200);
    expect((await profileOf(t, rider)).workHistories).toHaveLength(1);
  });

  it('changes and deletes only the rider’s own entries: another rider’s id is 404 and nothing changes', async () => {
    const owner = await signedInRider(t);
    const other = await signedInRider(t);
    const created = await create(owner, entry());
    const id = created.json<ProfileWriteResponse>().profile.workHistories[0]!._id;

    const stolen = await change(other, { ...entry(), position: 'Hijacked', work_history_id: id });
    expect(stolen.statusCode).toBe(404);
    expect(errorOf(stolen.body)).toEqual({ field: 'alert', message: messages.entryNotFound });
    const removed = await as(t, other, { method: 'DELETE', url: `/api/riders/work-history/${id}` });
    expect(removed.statusCode).toBe(404);
    expect((await profileOf(t, owner)).workHistories).toEqual([{ _id: id, ...entry() }]);
    expect((await profileOf(t, other)).workHistories).toEqual([]);

    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await change(owner, { ...entry(), work_history_id: bad })).statusCode).toBe(404);
      expect((await as(t, owner, { method: 'DELETE', url: `/api/riders/work-history/${bad}` })).statusCode).toBe(404);
    }
    const missingId = await change(owner, entry());
    expect(missingId.statusCode).toBe(400);
    expect(errorOf(missingId.body).field).toBe('work_history_id');

    const own = await change(owner, { ...entry(), position: 'Lead rider', end_date: '', work_history_id: id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<ProfileWriteResponse>().profile.workHistories[0]).toMatchObject({ _id: id, position: 'Lead rider', end_date: null });
    const deleted = await as(t, owner, { method: 'DELETE', url: `/api/riders/work-history/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<ProfileWriteResponse>()).toMatchObject({ message: messages.workHistoryDeleted, profile: { workHistories: [] } });
    expect((await as(t, owner, { method: 'DELETE', url: `/api/riders/work-history/${id}` })).statusCode).toBe(404);
  });

  it('needs sign-in', async () => {
    expect((await create(null, entry())).statusCode).toBe(401);
    expect((await change(null, { ...entry(), work_history_id: '00000000-0000-0000-0000-000000000000' })).statusCode).toBe(401);
  });
});

describeEachDatabase('past employees', (kind) => {
  const t = useTestApp(kind);
  const entry = () => ({
    company_name: 'Max.ng',
    company_contact: 'Tunde, 0803 555 0101',
    start_date: daysAgo(1500),
    end_date: daysAgo(400),
  });
  const create = (rider: Parameters<typeof as>[1], payload: Record<string, unknown>) =>
    as(t, rider, { method: 'POST', url: '/api/riders/past-employees/create', payload });
  const change = (rider: Parameters<typeof as>[1], payload: Record<string, unknown>) =>
    as(t, rider, { method: 'PUT', url: '/api/riders/past-employees/update', payload });

  it('adds an entry; the contact is optional', async () => {
    const rider = await signedInRider(t);
    const res = await create(rider, entry());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfileWriteResponse>()).toMatchObject({ message: messages.pastEmployeeSaved });
    const bare = await create(rider, { ...entry(), company_name: 'Sendbox', company_contact: '' });
    expect(bare.json<ProfileWriteResponse>().profile.pastEmployees.find((e) => e.company_name === 'Sendbox')!.company_contact).toBeNull();
  });

  it('checks every field (the end date is required here)', async () => {
    const rider = await signedInRider(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ company_name: '' }, 'company_name', REQUIRED],
      [{ company_contact: 'x'.repeat(121) }, 'company_contact', messages.tooLong(120)],
      [{ start_date: '' }, 'start_date', REQUIRED],
      [{ end_date: '' }, 'end_date', REQUIRED],
      [{ end_date: '2024-13-01' }, 'end_date', messages.invalidDate],
      [{ start_date: daysAgo(10), end_date: daysAgo(20) }, 'end_date', messages.endBeforeStart],
      [{ end_date: '2999-01-01' }, 'end_date', messages.dateInFuture],
    ];
    for (const [changed, field, message] of cases) {
      const res = await create(rider, { ...entry(), ...changed });
      expect(res.statusCode, JSON.stringify(changed)).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
    }
    expect((await profileOf(t, rider)).pastEmployees).toEqual([]);
  });

  it('changes and deletes only the rider’s own entries: another rider’s id is 404 and nothing changes', async () => {
    const owner = await signedInRider(t);
    const other = await signedInRider(t);
    const id = (await create(owner, entry())).json<ProfileWriteResponse>().profile.pastEmployees[0]!._id;
    const stolen = await change(other, { ...entry(), company_name: 'Hijacked', past_employee_id: id });
    expect(stolen.statusCode).toBe(404);
    expect((await as(t, other, { method: 'DELETE', url: `/api/riders/past-employees/${id}` })).statusCode).toBe(404);
    expect((await profileOf(t, owner)).pastEmployees).toEqual([{ _id: id, ...entry() }]);

    const own = await change(owner, { ...entry(), company_contact: '', past_employee_id: id });
    expect(own.json<ProfileWriteResponse>().profile.pastEmployees[0]).toMatchObject({ _id: id, company_contact: null });
    const deleted = await as(t, owner, { method: 'DELETE', url: `/api/riders/past-employees/${id}` });
    expect(deleted.json<ProfileWriteResponse>()).toMatchObject({ message: messages.pastEmployeeDeleted, profile: { pastEmployees: [] } });
  });
});

