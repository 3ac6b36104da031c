/**
 * The "API keys" section of the company's Account tab in every state its machine can show. Each
 * view model comes from a real snapshot of machines/companies/apiKeysMachine.ts reached with the
 * events the story names (the same fixtures as the machine's model, tests/machines/apiKeysModel.ts).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { apiKeysMachine, apiKeysSnapshotToView, type ApiKeysEvent, type ApiKeysSnapshot, type ApiKeysView } from '../../machines/companies/apiKeysMachine';
import { SubmitError } from '../../src/shared/requestErrors';
import { apiKeyMessages, type ApiKeyCreatedResponse, type ApiKeySummary } from '../../src/shared/apiKeys';
import { ApiKeysSectionView } from '../../src/web/features/companies/ApiKeysSection';
import '../../src/web/features/companies/companyAccount.css';

const warehouse: ApiKeySummary = {
  id: '6a1f0c3e-0000-4000-8000-000000000001',
  name: 'Warehouse',
  prefix: 'ogb_live_Wa7hQ2xZ',
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: '2026-11-27T15:30:00.000Z',
  revoked_at: null,
};
const oldTill: ApiKeySummary = {
  id: '6a1f0c3e-0000-4000-8000-000000000002',
  name: 'Old till',
  prefix: 'ogb_live_Ol9dT1ll',
  created_at: '2026-10-01T09:00:00.000Z',
  last_used_at: null,
  revoked_at: '2026-10-15T09:00:00.000Z',
};
const made: ApiKeyCreatedResponse = {
  key: 'ogb_live_Sh0pW3bs1teKeyAbCdEfGhIjKlMnOpQrStUvWxYz01234',
  api_key: { id: '6a1f0c3e-0000-4000-8000-000000000003', name: 'Shop website', prefix: 'ogb_live_Sh0pW3bs', created_at: '2026-11-28T10:00:00.000Z', last_used_at: null, revoked_at: null },
};

type StoryEvent = ApiKeysEvent | { type: string; output?: unknown; error?: unknown };
const on = {
  loaded: (keys: ApiKeySummary[]): StoryEvent => ({ type: 'xstate.done.actor.loadKeys', output: keys }),
  loadFailed: { type: 'xstate.error.actor.loadKeys', error: new Error('Network down') } as StoryEvent,
  type: (value: string): StoryEvent => ({ type: 'CHANGE', value }),
  create: { type: 'CREATE' } as StoryEvent,
  created: { type: 'xstate.done.actor.createKey', output: made } as StoryEvent,
  tooMany: { type: 'xstate.error.actor.createKey', error: new SubmitError({ field: 'alert', message: apiKeyMessages.tooMany }) } as StoryEvent,
  copy: { type: 'COPY' } as StoryEvent,
  copied: { type: 'xstate.done.actor.copyKey', output: undefined } as StoryEvent,
  copyFailed: { type: 'xstate.error.actor.copyKey', error: new Error('denied') } as StoryEvent,
  revoke: { type: 'REVOKE', id: warehouse.id } as StoryEvent,
  confirm: { type: 'CONFIRM' } as StoryEvent,
};

function viewAfter(events: readonly StoryEvent[]): ApiKeysView {
  let snapshot = getInitialSnapshot(apiKeysMachine) as ApiKeysSnapshot;
  for (const event of events) snapshot = getNextSnapshot(apiKeysMachine, snapshot, event as never) as ApiKeysSnapshot;
  return apiKeysSnapshotToView(snapshot);
}

function Screen({ section }: { section: ApiKeysView }) {
  return (
    <main className="company-account">
      <ApiKeysSectionView view={section} send={fn()} />
    </main>
  );
}

const meta = {
  title: 'Company side/API keys',
  component: Screen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const story = (events: readonly StoryEvent[], keyText: readonly string[]): Story => {
  const view = viewAfter(events);
  return { args: { section: view }, parameters: { apiKeysState: view.state, keyText: [apiKeyMessages.sectionTitle, ...keyText] } };
};

const m = apiKeyMessages;
const listed = [on.loaded([warehouse, oldTill])];
export const Loading = story([], [m.loading]);
export const LoadFailed = story([on.loadFailed], [m.loadFailed, m.retry]);
export const NoKeys = story([on.loaded([])], [m.none, m.create]);
export const List = story(listed, ['Warehouse', 'ogb_live_Wa7hQ2xZ…', m.live, 'Old till', m.revoked, m.neverUsed, m.create]);
export const NameMissing = story([...listed, on.create], [m.enterName]);
export const Creating = story([...listed, on.type('Shop website'), on.create], [m.creating]);
export const TooManyKeys = story([...listed, on.type('Shop website'), on.create, on.tooMany], [m.tooMany]);
export const KeyShownOnce = story([...listed, on.type('Shop website'), on.create, on.created], [m.newKeyTitle, made.key, m.newKeyShownOnce, m.copy, m.done]);
export const Copying = story([...listed, on.type('Shop website'), on.create, on.created, on.copy], [made.key, m.copy]);
export const Copied = story([...listed, on.type('Shop website'), on.create, on.created, on.copy, on.copied], [made.key, m.copied]);
export const CopyFailed = story([...listed, on.type('Shop website'), on.create, on.created, on.copy, on.copyFailed], [made.key, m.copyFailed]);
export const ConfirmRevoke = story([...listed, on.revoke], [m.revokeConfirmTitle('Warehouse'), m.revokeConfirmText, m.revokeConfirm, m.cancel]);
export const Revoking = story([...listed, on.revoke, on.confirm], [m.revoking]);
export const Revoked = story([...listed, on.revoke, on.confirm, { type: 'xstate.done.actor.revokeKey', output: { ...warehouse, revoked_at: '2026-11-28T11:00:00.000Z' } }], ['Warehouse', m.revoked]);
