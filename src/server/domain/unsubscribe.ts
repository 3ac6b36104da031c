/**
 * One-click unsubscribe for newsletter subscribers (RFC 8058). The link carries the
 * address and a stateless HMAC of it, with a key derived from JWT_SECRET for this purpose only,
 * so no token table is needed and a link cannot be made for someone else's address.
 *
 * Every e-mail the site sends a subscriber goes through `renderSubscriberEmail`: the link in its
 * body and the List-Unsubscribe and List-Unsubscribe-Post headers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import { renderEmail, type EmailMessage } from '../plugins/mail';

const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

const keys = new WeakMap<Config, Buffer>();
function unsubscribeKey(config: Pick<Config, 'jwtSecret'>): Buffer {
  let key = keys.get(config as Config);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('newsletter-unsubscribe').digest();
    keys.set(config as Config, key);
  }
  return key;
}

const normalise = (email: string) => email.trim().toLowerCase();

export function unsubscribeToken(config: Pick<Config, 'jwtSecret'>, email: string): string {
  return createHmac('sha256', unsubscribeKey(config)).update(normalise(email)).digest('base64url');
}

/** Whether `token` is this address's token, compared in constant time. */
export function verifyUnsubscribeToken(config: Pick<Config, 'jwtSecret'>, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(config, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path and query of the link (the page's form posts back to it). */
export function unsubscribePath(config: Pick<Config, 'jwtSecret'>, email: string): string {
  const e = normalise(email);
  return `${UNSUBSCRIBE_PATH}?e=${encodeURIComponent(e)}&t=${unsubscribeToken(config, e)}`;
}

function unsubscribeUrl(config: Pick<Config, 'jwtSecret' | 'publicUrl'>, email: string): string {
  return `${config.publicUrl}${unsubscribePath(config, email)}`;
}

/** RFC 2369 and RFC 8058: mail clients show their own Unsubscribe button and POST to the URL. */
function unsubscribeHeaders(config: Pick<Config, 'jwtSecret' | 'publicUrl'>, email: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config, email)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** An e-mail to a subscriber: the site's layout with the unsubscribe link and headers. */
export function renderSubscriberEmail(
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  input: Omit<Parameters<typeof renderEmail>[0], 'footnote'>,
): EmailMessage {
  const message = renderEmail({
    ...input,
    footnote: { text: messages.newsletterEmailFooter, label: messages.newsletterUnsubscribeLink, url: unsubscribeUrl(config, input.to) },
  });
  return { ...message, headers: { ...message.headers, ...unsubscribeHeaders(config, input.to) } };
}
