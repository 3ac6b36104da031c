/**
 * A company's saved addresses, on PGlite and PostgreSQL: added with the booking's own field
 * rules (a refusal under its field, in the booking's words), listed newest first with the phone,
 * the area and the recipient's e-mail as a booking stores them, at most SAVED_ADDRESSES_MAX even when added all at once,
 * deleted; a company reaches only its own (another's id is the 404 of a missing page); and each
 * route against every kind of caller: signed out, rider, company, another company, staff, an API key,
 * none of whom but the company itself ever sees the recipient's e-mail it saved.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companySavedAddresses } from '../../src/server/db/schema';
import { createApiKey } from '../../src/server/domain/apiKeys';
import { deliveryMessages } from '../../src/shared/deliveries/messages';
import { SAVED_ADDRESSES_MAX, type SavedAddress, type SavedAddressListResponse } from '../../src/shared/deliveries/savedAddresses';
import { EMAIL_MAX } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';

const URL = '/api/companies/me/addresses';
const NOT_FOUND = { field: 'alert', message: messages.notFound };
/** A regular customer's e-mail, as a company types it (the API keeps it lower-cased). */
const CUSTOMER_EMAIL = ' Chidi.Eze@Example.NG ';
const STORED_EMAIL = 'chidi.eze@example.ng';

const shop = (overrides: Record<string, unknown> = {}) => ({
  label: 'Shop',
  area: 'ikeja',
  address: '12 Allen Avenue',
  landmark: 'Opposite the bank',
  contact_name: 'Ada Obi',
  contact_phone: '0803 123 4567',
  ...overrides,
});

type Headers = Record<string, string>;
const as = (token: string): Headers => ({ 'x-auth-token': token });

function add(t: Pick<TestApp, 'app'>, headers: Headers, payload: unknown = shop()) {
  return t.app.inject({ method: 'POST', url: URL, remoteAddress: nextIp(), headers, payload: payload as object });
}
function list(t: Pick<TestApp, 'app'>, headers: Headers) {
  return t.app.inject({ url: URL, remoteAddress: nextIp(), headers });
}
function remove(t: Pick<TestApp, 'app'>, headers: Headers, id: string) {
  return t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, remoteAddress: nextIp(), headers });
}

describeEachDatabase('saved addresses', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('saves an address as a booking stores it, lists it newest first, and deletes it', async () => {
    const company = await signedInUser(t, 2, 'addresses-own');
    const first = await add(t, as(company.token));
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json<{ address: SavedAddress }>().address;
    expect(saved).toMatchObject({ label: 'Shop', state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada Obi', contact_phone: '+2348031234567', contact_email: '' });

    const second = await add(t, as(company.token), shop({ label: '  Warehouse ', area: 'Apapa', landmark: undefined, contact_phone: '+234 805 000 1111' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ address: SavedAddress }>().address).toMatchObject({ label: 'Warehouse', area: 'Apapa', landmark: '', contact_phone: '+2348050001111', contact_email: '' });

    // A regular customer's drop-off keeps the recipient's e-mail, lower-cased as a booking stores it.
    const third = await add(t, as(company.token), shop({ label: 'Chidi (weekly)', area: 'Lekki', address: '9 Fola Osibo Road', contact_name: 'Chidi Eze', contact_email: CUSTOMER_EMAIL }));
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json<{ address: SavedAddress }>().address).toMatchObject({ label: 'Chidi (weekly)', contact_name: 'Chidi Eze', contact_email: STORED_EMAIL });
    // An empty one is none.
    const fourth = await add(t, as(company.token), shop({ label: 'Depot', contact_email: '  ' }));
    expect(fourth.json<{ address: SavedAddress }>().address.contact_email).toBe('');
    const [row] = await t.database.db.select().from(companySavedAddresses).where(eq(companySavedAddresses.id, fourth.json<{ address: SavedAddress }>().address.id));
    expect(row!.contactEmail).toBeNull();
    expect((await remove(t, as(company.token), fourth.json<{ address: SavedAddress }>().address.id)).statusCode).toBe(204);

    const listed = await list(t, as(company.token));
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const addresses = listed.json<SavedAddressListResponse>().addresses;
    expect(addresses.map((a) => [a.label, a.contact_email])).toEqual([
      ['Chidi (weekly)', STORED_EMAIL],
      ['Warehouse', ''],
      ['Shop', ''],
    ]);
    expect((await remove(t, as(company.token), third.json<{ address: SavedAddress }>().address.id)).statusCode).toBe(204);

    const gone = await remove(t, as(company.token), saved.id);
    expect(gone.statusCode).toBe(204);
    await expect(list(t, as(company.token)).then((r) => r.json<SavedAddressListResponse>().addresses.map((a) => a.label))).resolves.toEqual(['Warehouse']);
    // Deleting it again: it is not there.
    const again = await remove(t, as(company.token), saved.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again.body)).toEqual(NOT_FOUND);
  });

  it("refuses a field under its name in the booking's own words, and saves nothing", async () => {
    const company = await signedInUser(t, 2, 'addresses-rules');
    const b = deliveryMessages.booking;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ label: '  ' }, 'label', deliveryMessages.savedAddresses.enterLabel],
      [{ area: '' }, 'area', deliveryMessages.selectArea],
      [{ area: 'Atlantis' }, 'area', deliveryMessages.unknownArea],
      [{ address: '' }, 'address', b.enterAddress],
      // (A NUL byte is refused earlier by the app, under the field too.)
      [{ address: '12 Allen\t Avenue' }, 'address', b.noControlCharacters],
      [{ landmark: 'line\nbreak' }, 'landmark', b.noControlCharacters],
      [{ contact_name: '' }, 'contact_name', b.enterContactName],
      [{ contact_phone: '+44 7700 900123' }, 'contact_phone', b.enterContactPhone],
      [{ contact_phone: '12345' }, 'contact_phone', b.enterContactPhone],
      // The recipient's e-mail: the rule of the booking's dropoff.contact_email, in its words.
      [{ contact_email: 'chidi at example.ng' }, 'contact_email', b.enterRecipientEmail],
      [{ contact_email: 'chidi@example' }, 'contact_email', b.enterRecipientEmail],
      [{ contact_email: 'chidi@example.ng\r\nBcc: all@example.ng' }, 'contact_email', b.noControlCharacters],
      [{ contact_email: `${'c'.repeat(EMAIL_MAX)}@example.ng` }, 'contact_email', messages.tooLong(EMAIL_MAX)],
      [{ contact_email: 42 }, 'contact_email', b.enterRecipientEmail],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await add(t, as(company.token), shop(overrides));
      expect([res.statusCode, errorOf(res.body)], JSON.stringify(overrides)).toEqual([400, { field, message }]);
    }
    // Too long, an object where text belongs, not an object: still a 4xx, never a 5xx.
    for (const payload of [shop({ address: 'x'.repeat(5000) }), shop({ address: '12 Allen\u0000 Avenue' }), shop({ contact_phone: { number: '0803' } }), shop({ contact_email: { to: 'a@b.ng' } }), shop({ contact_email: 'a@b.ng\u0000' }), [], 'text']) {
      const res = await add(t, as(company.token), payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await t.database.db.select().from(companySavedAddresses).where(eq(companySavedAddresses.companyId, company.id))).toEqual([]);
  });

  it(`keeps at most ${SAVED_ADDRESSES_MAX} addresses, even added all at once; a deleted one frees its place`, async () => {
    const company = await signedInUser(t, 2, 'addresses-cap');
    const over = 3;
    const answers = await Promise.all(Array.from({ length: SAVED_ADDRESSES_MAX + over }, (_, i) => add(t, as(company.token), shop({ label: `Branch ${i}` }))));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SAVED_ADDRESSES_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(over);
    expect(errorOf(answers.find((r) => r.statusCode === 409)!.body).message).toBe(deliveryMessages.savedAddresses.tooMany(SAVED_ADDRESSES_MAX));
    expect((await list(t, as(company.token))).json<SavedAddressListResponse>().addresses).toHaveLength(SAVED_ADDRESSES_MAX);

    const one = answers.find((r) => r.statusCode === 201)!.json<{ address: SavedAddress }>().address;
    expect((await remove(t, as(company.token), one.id)).statusCode).toBe(204);
    expect((await add(t, as(company.token), shop({ label: 'Replacement' }))).statusCode).toBe(201);
    expect((await add(t, as(company.token), shop({ label: 'One too many' }))).statusCode).toBe(409);
  });

  it("answers another company's address as a missing one: not listed, not deleted, its recipient's e-mail never shown", async () => {
    const owner = await signedInUser(t, 2, 'addresses-owner');
    const other = await signedInUser(t, 2, 'addresses-other');
    const saved = (await add(t, as(owner.token), shop({ contact_email: CUSTOMER_EMAIL }))).json<{ address: SavedAddress }>().address;
    expect(saved.contact_email).toBe(STORED_EMAIL);

    const theirList = await list(t, as(other.token));
    expect(theirList.json<SavedAddressListResponse>().addresses).toEqual([]);
    expect(theirList.body.toLowerCase()).not.toContain('chidi');
    // Saving its own address tells the other company nothing of the owner's.
    const own = await add(t, as(other.token), shop({ label: 'Their shop', contact_email: 'orders@their-shop.ng' }));
    expect(own.json<{ address: SavedAddress }>().address.contact_email).toBe('orders@their-shop.ng');
    expect((await list(t, as(other.token))).json<SavedAddressListResponse>().addresses.map((a) => a.contact_email)).toEqual(['orders@their-shop.ng']);
    const theirs = await remove(t, as(other.token), saved.id);
    const missing = await remove(t, as(other.token), '00000000-0000-4000-8000-000000000000');
    expect([theirs.statusCode, theirs.body]).toEqual([404, missing.body]);
    expect(theirs.body.toLowerCase()).not.toContain('chidi');
    expect(errorOf(theirs.body)).toEqual(NOT_FOUND);
    expect((await remove(t, as(other.token), 'not-an-id')).statusCode).toBe(404);
    expect((await list(t, as(owner.token))).json<SavedAddressListResponse>().addresses.map((a) => a.id)).toEqual([saved.id]);
  });

  it("lets only a signed-in company in: signed out, a rider, staff and an API key are refused, change nothing and never see the recipient's e-mail", async () => {
    const company = await signedInUser(t, 2, 'addresses-roles');
    const saved = (await add(t, as(company.token), shop({ contact_email: CUSTOMER_EMAIL }))).json<{ address: SavedAddress }>().address;
    const rider = await signedInUser(t, 1, 'addresses-rider');
    const admin = await signedInStaff(t, 'admin', 'addresses');
    const dispatcher = await signedInStaff(t, 'dispatcher', 'addresses');
    const key = (await createApiKey(t.database.db, company.id, 'addresses')).key;
    const callers: Array<[string, Headers, number]> = [
      // A session-less caller is asked to sign in; a rider's session is on the wrong account: a missing page.
      ['signed out', {}, 401],
      ['rider', as(rider.token), 404],
      ['staff admin', { [STAFF_TOKEN_HEADER]: admin.token }, 401],
      ['staff dispatcher', { [STAFF_TOKEN_HEADER]: dispatcher.token }, 401],
      ["the company's own API key", { 'x-api-key': key }, 401],
    ];
    for (const [name, headers, status] of callers) {
      for (const res of [await list(t, headers), await add(t, headers, shop({ contact_email: CUSTOMER_EMAIL })), await remove(t, headers, saved.id)]) {
        expect([name, res.statusCode], res.body).toEqual([name, status]);
        expect(res.body).not.toContain('Allen Avenue');
        expect(res.body.toLowerCase(), name).not.toContain('chidi');
      }
    }
    // Only the company itself reads it back.
    expect((await list(t, as(company.token))).json<SavedAddressListResponse>().addresses.map((a) => [a.id, a.contact_email])).toEqual([[saved.id, STORED_EMAIL]]);
  });
});
