/**
 * The "API keys" section of the company's Account tab: the list, making a key (its name, then
 * the key shown once with a copy button), revoking one after a confirmation. Pure: the requests
 * and the clipboard come in through .provide({ actors: { loadKeys, createKey, revokeKey, copyKey } }).
 *
 *   loading ──ok──▶ list ──CREATE (a name)──▶ creating ──ok──▶ shown ──COPY──▶ copying ──▶ shown
 *      │             │  └─CREATE (no name): the name's message      └─fails: list + error   └─DONE──▶ list (the key is forgotten)
 *      └─fails─▶ failed ──RETRY──▶ loading
 *                    └─REVOKE (a live key)──▶ confirming ──CONFIRM──▶ revoking ──▶ list (the key revoked, or the error)
 *                                                └──CANCEL──▶ list
 *
 * The new key lives only in this machine's context while it is shown: DONE drops it, and the
 * list never holds it (the server never answers it again).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { apiKeyForm, type ApiKeyCreatedResponse, type ApiKeySummary } from '../../src/shared/apiKeys';
import { validateForm } from '../../src/shared/validation';
import { fieldErrorOf } from '../kit/errors';

export interface ApiKeysContext {
  keys: ApiKeySummary[];
  /** The name typed for the next key. */
  name: string;
  /** The last refusal: under 'name', or on the section's alert line. */
  error: FieldError | null;
  /** The key just made, while it is shown; null otherwise. */
  newKey: { key: string; name: string } | null;
  /** Whether the shown key was copied: null before any try. */
  copied: 'done' | 'failed' | null;
  /** The key a revoke is asked or under way for. */
  target: ApiKeySummary | null;
}

export type ApiKeysEvent =
  | { type: 'RETRY' }
  | { type: 'CHANGE'; value: string }
  | { type: 'CREATE' }
  | { type: 'COPY' }
  | { type: 'DONE' }
  | { type: 'REVOKE'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
  },
  actors: {
    loadKeys: fromPromise<ApiKeySummary[]>(async () => {
      throw new Error('loadKeys not provided');
    }),
    createKey: fromPromise<ApiKeyCreatedResponse, { name: string }>(async () => {
      throw new Error('createKey not provided');
    }),
    revokeKey: fromPromise<ApiKeySummary, { id: string }>(async () => {
      throw new Error('revokeKey not provided');
    }),
    copyKey: fromPromise<void, { key: string }>(async () => {
      throw new Error('copyKey not provided');
    }),
  },
  guards: {
    nameValid: ({ context }) => validateForm(apiKeyForm, { name: context.name }) === null,
    isLiveKey: ({ context, event }) => event.type === 'REVOKE' && context.keys.some((k) => k.id === event.id && k.revoked_at === null),
  },
}).createMachine({
  id: 'apiKeys',
  context: { keys: [], name: '', error: null, newKey: null, copied: null, target: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        onDone: { target: 'list', actions: assign({ keys: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    list: {
      on: {
        CHANGE: { actions: assign({ name: ({ event }) => event.value, error: null }) },
        CREATE: [
          { guard: 'nameValid', target: 'creating', actions: assign({ error: null }) },
          { actions: assign({ error: ({ context }) => validateForm(apiKeyForm, { name: context.name }) }) },
        ],
        REVOKE: {
          guard: 'isLiveKey',
          target: 'confirming',
          actions: assign({ target: ({ context, event }) => context.keys.find((k) => k.id === event.id) ?? null, error: null }),
        },
      },
    },
    creating: {
      invoke: {
        id: 'createKey',
        src: 'createKey',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: {
          target: 'shown',
          actions: assign({
            keys: ({ context, event }) => [event.output.api_key, ...context.keys],
            newKey: ({ event }) => ({ key: event.output.key, name: event.output.api_key.name }),
            name: '',
            copied: null,
          }),
        },
        onError: { target: 'list', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
      },
    },
    shown: {
      on: {
        COPY: 'copying',
        DONE: { target: 'list', actions: assign({ newKey: null, copied: null }) },
      },
    },
    copying: {
      invoke: {
        id: 'copyKey',
        src: 'copyKey',
        input: ({ context }) => ({ key: context.newKey!.key }),
        onDone: { target: 'shown', actions: assign({ copied: 'done' }) },
        onError: { target: 'shown', actions: assign({ copied: 'failed' }) },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'revoking',
        CANCEL: { target: 'list', actions: assign({ target: null }) },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeKey',
        src: 'revokeKey',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'list',
          actions: assign({
            keys: ({ context, event }) => context.keys.map((k) => (k.id === event.output.id ? event.output : k)),
            target: null,
          }),
        },
        onError: { target: 'list', actions: assign({ error: ({ event }) => fieldErrorOf(event.error), target: null }) },
      },
    },
  },
});

export type ApiKeysSnapshot = SnapshotFrom<typeof apiKeysMachine>;

export const apiKeysViewStates = ['loading', 'failed', 'list', 'creating', 'shown', 'copying', 'confirming', 'revoking'] as const;
export type ApiKeysViewState = (typeof apiKeysViewStates)[number];

export interface ApiKeysView {
  state: ApiKeysViewState;
  keys: ApiKeySummary[];
  name: string;
  /** The message under the name field. */
  nameError: string | null;
  /** The message on the section's alert line. */
  alert: string | null;
  newKey: { key: string; name: string } | null;
  copied: 'done' | 'failed' | null;
  /** The key a revoke is asked or under way for. */
  target: ApiKeySummary | null;
  /** A request is in flight. */
  busy: boolean;
}

export function apiKeysSnapshotToView(snapshot: ApiKeysSnapshot): ApiKeysView {
  const state = snapshot.value as ApiKeysViewState;
  const { keys, name, error, newKey, copied, target } = snapshot.context;
  return {
    state,
    keys,
    name,
    nameError: error?.field === 'name' ? error.message : null,
    alert: error && error.field !== 'name' ? error.message : null,
    newKey: state === 'shown' || state === 'copying' ? newKey : null,
    copied,
    target: state === 'confirming' || state === 'revoking' ? target : null,
    busy: state === 'loading' || state === 'creating' || state === 'revoking' || state === 'copying',
  };
}
