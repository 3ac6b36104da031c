/** Test plan texts of machines/companies/apiKeysMachine.ts: the "API keys" section of the company's Account tab. */
import { apiKeyMessages as m } from '../../../src/shared/apiKeys';
import { failure, type MachinePlan } from './types';

const story = (name: string) => `company-side-api-keys--${name}`;

export const apiKeysPlan: MachinePlan = {
  machine: 'apiKeysMachine',
  title: 'Company Account tab: API keys',
  start:
    'Log in as a company whose e-mail is verified and open "Account" (/company-dashboard/account), then scroll to "API keys". ' +
    'Use a company with no keys, and one with a live and a revoked key (make two, revoke one). A key works at once: ' +
    '`curl -H "x-api-key: <key>" -H "content-type: application/json" -d \'{"pickup":{"state":"Lagos","area":"Ikeja"},"dropoff":{"state":"Lagos","area":"Lekki"},"parcel":{"size":"small"}}\' http://localhost:3000/api/deliveries/quotes`.',
  starts: { 'account tab': 'The Account tab, scrolled to "API keys".' },
  states: {
    '(root)': { says: `The "${m.sectionTitle}" section with its note on the x-api-key header.`, story: story('list'), closest: true },
    loading: { says: `"${m.loading}"`, story: story('loading') },
    failed: { says: `"${m.loadFailed}" with "${m.retry}".`, story: story('load-failed') },
    list: {
      says: `The keys (name, first characters "ogb_live_…", made, last used or "${m.neverUsed}", "${m.live}" or "${m.revoked}", "${m.revoke}" on live keys) or "${m.none}"; "${m.nameLabel}" and "${m.create}"; any message under the name or on the alert line.`,
      story: story('list'),
    },
    creating: { says: `"${m.creating}" on the busy button.`, story: story('creating') },
    shown: {
      says: `"${m.newKeyTitle}": the whole key once, "${m.newKeyShownOnce}", "${m.copy}" (or "${m.copied}", or "${m.copyFailed}") and "${m.done}"; the new key is first in the list.`,
      story: story('key-shown-once'),
    },
    copying: { says: 'The key shown, the copy under way (a moment).', story: story('copying') },
    confirming: { says: `A dialog "Revoke "<name>"?" with "${m.revokeConfirmText}", "${m.cancel}" and "${m.revokeConfirm}".`, story: story('confirm-revoke') },
    revoking: { says: `The dialog with "${m.revoking}" on the busy button.`, story: story('revoking') },
  },
  events: {
    'xstate.done.actor.loadKeys': (e) => ((e.output as unknown[] | undefined)?.length ? 'Wait for the keys (a company with a live and a revoked key)' : 'Wait for the keys (a company with none)'),
    'xstate.error.actor.loadKeys': (e) => failure(e, 'Wait for the keys'),
    RETRY: `Press "${m.retry}"`,
    CHANGE: (e) => (e.value ? `Type “${String(e.value)}” in "${m.nameLabel}"` : `Clear "${m.nameLabel}"`),
    CREATE: `Press "${m.create}" (with no name, "${m.enterName}" shows under it and nothing is sent)`,
    'xstate.done.actor.createKey': 'Wait: the key is made and shown',
    'xstate.error.actor.createKey': (e) => failure(e, 'Wait for the key', 'with five live keys already'),
    COPY: `Press "${m.copy}"`,
    'xstate.done.actor.copyKey': `Wait: "${m.copied}" (paste somewhere to check it is the whole key)`,
    'xstate.error.actor.copyKey': `Wait: the browser refuses the clipboard (block it in the site settings): "${m.copyFailed}"`,
    DONE: `Press "${m.done}": the key is gone from the screen for good`,
    REVOKE: `Press "${m.revoke}" on the live key's row`,
    CONFIRM: `Press "${m.revokeConfirm}"`,
    CANCEL: `Press "${m.cancel}"`,
    'xstate.done.actor.revokeKey': `Wait: the row says "${m.revoked}" (a request with the key now answers 401)`,
    'xstate.error.actor.revokeKey': (e) => failure(e, 'Wait for the revoke'),
  },
};
