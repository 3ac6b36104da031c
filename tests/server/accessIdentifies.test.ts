/**
 * A public route that still recognises who called (plugins/access.ts, Access.identifies): a
 * booking is open to a visitor, a signed-in company and a business's API key, and the handler
 * must know which. The key check here is the plug-in point a key-issuing feature fills; the
 * guard's own behaviour around it is what is tested.
 */
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { access } from '../../src/server/plugins/access';
import { describeEachDatabase, errorOf, useTestApp } from './helper';
import { signedInUser } from './opsHelpers';

const GOOD_KEY = 'ogb_test_this-key-is-known';

describeEachDatabase('a public route that identifies its caller', (kind) => {
  const t = useTestApp(kind, {
    startWorkers: false,
    beforeReady: (app) => {
      app.credentialChecks.apiKey = async (_request, value) => (value === GOOD_KEY ? { kind: 'apiKey', id: 'key-1', ownerId: 'company-1' } : null);
      app.get('/api/test/who', { config: { access: access('public', { identifies: ['company', 'apiKey'] }) } }, async (request) => ({
        caller: request.caller,
        credential: request.credential,
        userId: request.auth?.userId ?? null,
      }));
    },
  });
  const who = (headers: Record<string, string>) => t.app.inject({ url: '/api/test/who', headers });

  it('takes no credentials for a visitor', async () => {
    const res = await who({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ caller: null, credential: null, userId: null });
  });

  it('recognises a company session and an API key', async () => {
    const firm = await signedInUser(t, 2, 'identifies-company');
    expect((await who({ 'x-auth-token': firm.token })).json()).toMatchObject({ caller: 'company', userId: firm.id });
    expect((await who({ 'x-api-key': GOOD_KEY })).json()).toMatchObject({ caller: 'apiKey', credential: { id: 'key-1', ownerId: 'company-1' } });
  });

  it('takes a rider, a forged or a stale session for a visitor: a public form must not stop at a stale token', async () => {
    const rider = await signedInUser(t, 1, 'identifies-rider');
    for (const token of [rider.token, 'not-a-token', `${rider.token.slice(0, -4)}AAAA`]) {
      const res = await who({ 'x-auth-token': token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ caller: null, credential: null, userId: null });
    }
  });

  it('refuses an API key it cannot resolve with 401, even an empty one', async () => {
    for (const key of ['ogb_test_unknown', '']) {
      const res = await who({ 'x-api-key': key });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res.body).message).toBe(messages.apiKeyInvalid);
    }
  });
});
