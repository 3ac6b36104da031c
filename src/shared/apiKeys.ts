/**
 * A business's API keys (made and revoked on the company's Account tab): the name's rule, the
 * limits, the API's shapes and every text the Account tab's "API keys" section shows.
 */
import { defineForm, field, required } from './validation';

/** What every key starts with, so a key pasted in the wrong place is recognisable (secret scanners too). */
export const API_KEY_PREFIX = 'ogb_live_';
/** How many characters of a key (its prefix included) the Account tab shows to tell keys apart. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 8;
/** Live (not revoked) keys a company may hold at once. */
export const API_KEYS_MAX_LIVE = 5;
export const API_KEY_NAME_MAX = 60;

/**
 * Requests one key may make, counted per key (not per address) across every instance. A busy
 * shop prices each order of its day as it comes: 600 quotes a minute (10 a second) is well above
 * that and well under what one instance serves; reads of a held quote get the same.
 */
export const API_KEY_QUOTE_LIMIT = { max: 600, windowMs: 60_000 } as const;
export const API_KEY_QUOTE_READ_LIMIT = { max: 600, windowMs: 60_000 } as const;

export const apiKeyMessages = {
  sectionTitle: 'API keys',
  sectionIntro:
    'Your own system can price and book deliveries through our API. Send a key in the x-api-key header. Keep keys secret: anyone with one can book in your name.',
  nameLabel: 'Key name',
  nameHint: 'Something to tell it apart, such as "Shop website"',
  enterName: 'Give the key a name',
  create: 'Make a key',
  creating: 'Making the key…',
  none: 'You have no API keys yet.',
  loading: 'Loading your API keys…',
  loadFailed: 'We could not load your API keys. Try again.',
  retry: 'Try again',
  tooMany: `You already have ${API_KEYS_MAX_LIVE} live keys. Revoke one you no longer use before making another.`,
  verifyFirst: 'Verify your e-mail address before making API keys.',
  newKeyTitle: 'Your new key',
  newKeyShownOnce: 'Copy it now: it will not be shown again. If you lose it, revoke it and make a new one.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the key and copy it yourself.',
  done: 'I have copied it',
  columnName: 'Name',
  columnKey: 'Key',
  columnCreated: 'Made',
  columnLastUsed: 'Last used',
  columnStatus: 'Status',
  neverUsed: 'Never',
  live: 'Live',
  revoked: 'Revoked',
  revoke: 'Revoke',
  revokeConfirmTitle: (name: string) => `Revoke "${name}"?`,
  revokeConfirmText: 'Requests with this key stop working at once. This cannot be undone.',
  revokeConfirm: 'Revoke key',
  revoking: 'Revoking…',
  cancel: 'Cancel',
  revokedToast: (name: string) => `"${name}" is revoked.`,
  createdToast: (name: string) => `"${name}" is made.`,
  failed: 'That did not work. Try again.',
} as const;

/** POST /api/companies/me/api-keys {name}. */
export const apiKeyForm = defineForm('apiKey', {
  name: field({
    rules: [required(apiKeyMessages.enterName)],
    maxLength: API_KEY_NAME_MAX,
    required: true,
  }),
});

/** A key as the Account tab lists it: never the key itself nor its hash. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters, e.g. "ogb_live_Ab3dE9xQ". */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ApiKeyListResponse {
  keys: ApiKeySummary[];
}

/** The answer to making a key: the only time the key is shown. */
export interface ApiKeyCreatedResponse {
  key: string;
  api_key: ApiKeySummary;
}

/** "28 Nov 2026, 14:05" in Lagos time: when a key was made or last used. */
export function apiKeyDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lagos' });
}
