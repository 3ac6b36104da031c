/**
 * The events the API keys machine (machines/companies/apiKeysMachine.ts) is explored with, shared
 * by its model-based test, its view test, its test plan and its stories: the network's and the
 * clipboard's answers to what is in flight, and what the company does (type a name, make, copy,
 * done, revoke, confirm, cancel, try again), only when the screen offers it. The graph is kept
 * small: a name is typed (and a key made) only while no key is listed.
 */
import { SubmitError } from '../../machines/kit/errors';
import type { ApiKeysEvent, ApiKeysSnapshot } from '../../machines/companies/apiKeysMachine';
import { apiKeyMessages, type ApiKeyCreatedResponse, type ApiKeySummary } from '../../src/shared/apiKeys';
import { messages } from '../../src/shared/messages';

export const KEY_NAME = 'Shop website';

export const liveKey: ApiKeySummary = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Warehouse',
  prefix: 'ogb_live_Wa7hQ2xZ',
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: '2026-11-27T15:30:00.000Z',
  revoked_at: null,
};
export const revokedKey: ApiKeySummary = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Old till',
  prefix: 'ogb_live_Ol9dT1ll',
  created_at: '2026-10-01T09:00:00.000Z',
  last_used_at: null,
  revoked_at: '2026-10-15T09:00:00.000Z',
};
export const created: ApiKeyCreatedResponse = {
  key: 'ogb_live_Sh0pW3bs1teKeyAbCdEfGhIjKlMnOpQrStUvWxYz01234',
  api_key: { id: '00000000-0000-4000-8000-000000000003', name: KEY_NAME, prefix: 'ogb_live_Sh0pW3bs', created_at: '2026-11-28T10:00:00.000Z', last_used_at: null, revoked_at: null },
};
export const revokedNow = (key: ApiKeySummary): ApiKeySummary => ({ ...key, revoked_at: '2026-11-28T11:00:00.000Z' });

export const tooManyKeys = () => new SubmitError({ field: 'alert', message: apiKeyMessages.tooMany });
export const serverFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

export type ApiKeysModelEvent =
  | ApiKeysEvent
  | { type: 'xstate.done.actor.loadKeys'; output: ApiKeySummary[] }
  | { type: 'xstate.done.actor.createKey'; output: ApiKeyCreatedResponse }
  | { type: 'xstate.done.actor.revokeKey'; output: ApiKeySummary }
  | { type: 'xstate.done.actor.copyKey'; output: undefined }
  | { type: 'xstate.error.actor.loadKeys' | 'xstate.error.actor.createKey' | 'xstate.error.actor.revokeKey' | 'xstate.error.actor.copyKey'; error: unknown };

/** What can happen in the state: the company's clicks the screen offers, or the answers. */
export function apiKeysEvents(snapshot: ApiKeysSnapshot): ApiKeysModelEvent[] {
  const { keys, name, target } = snapshot.context;
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadKeys', output: [liveKey, revokedKey] },
      { type: 'xstate.done.actor.loadKeys', output: [] },
      { type: 'xstate.error.actor.loadKeys', error: serverFailure() },
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  if (snapshot.matches('list')) {
    const events: ApiKeysModelEvent[] = [];
    if (keys.length === 0) events.push(name === '' ? { type: 'CHANGE', value: KEY_NAME } : { type: 'CHANGE', value: '' });
    events.push({ type: 'CREATE' });
    const live = keys.find((k) => k.revoked_at === null);
    if (live) events.push({ type: 'REVOKE', id: live.id });
    return events;
  }
  if (snapshot.matches('creating')) {
    return [
      { type: 'xstate.done.actor.createKey', output: created },
      { type: 'xstate.error.actor.createKey', error: tooManyKeys() },
    ];
  }
  if (snapshot.matches('shown')) return [{ type: 'COPY' }, { type: 'DONE' }];
  if (snapshot.matches('copying')) {
    return [
      { type: 'xstate.done.actor.copyKey', output: undefined },
      { type: 'xstate.error.actor.copyKey', error: new Error('The clipboard is not allowed here') },
    ];
  }
  if (snapshot.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
  if (snapshot.matches('revoking')) {
    return [
      { type: 'xstate.done.actor.revokeKey', output: revokedNow(target!) },
      { type: 'xstate.error.actor.revokeKey', error: serverFailure() },
    ];
  }
  return [];
}

/** Where the machine is, and what of its context the screen shows. */
export function serializeApiKeys(snapshot: ApiKeysSnapshot): string {
  const { keys, name, error, newKey, copied, target } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    keys.map((k) => `${k.id.slice(-1)}${k.revoked_at ? 'r' : 'l'}`).join(','),
    name !== '',
    error?.field ?? null,
    newKey !== null,
    copied,
    target?.id.slice(-1) ?? null,
  ]);
}
