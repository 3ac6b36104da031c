/**
 * The third parties the account flows reach, stood in at their network edge for the browser
 * tests (DESIGN.md §7), started once by the global setup:
 *  - a mail server: the SMTP sink of tests/support/smtp.ts (SMTP_URL), whose messages the test
 *    files (in another process) read over a small HTTP inbox: GET /messages?to=ADDRESS;
 *  - Google: the OpenID Connect provider of tests/support/oidcProvider.ts (GOOGLE_ISSUER).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOidcProvider } from '../support/oidcProvider';
import { startSmtpSink } from '../support/smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    /** GET {mailInboxUrl}/messages?to=… lists what the SMTP sink received for an address. */
    mailInboxUrl: string;
    /** The stand-in Google's issuer (its sign-in page is at this origin). */
    googleIssuer: string;
  }
}

export interface AuthEdges {
  /** Environment for the server: SMTP_URL and the GOOGLE_* variables. */
  env: Record<string, string>;
  mailInboxUrl: string;
  googleIssuer: string;
  close(): Promise<void>;
}

export async function startAuthEdges(baseURL: string): Promise<AuthEdges> {
  const sink = await startSmtpSink();
  const google = await startOidcProvider({ redirectUri: `${baseURL}/api/auth/google/callback` });
  const inbox = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    if (url.pathname !== '/messages') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = sink.messages
      .filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
      .map(({ from, to: rcpt, subject, text, html, headers }) => ({ from, to: rcpt, subject, text, html, headers }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', () => resolve()));
  const mailInboxUrl = `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`;
  return {
    env: {
      SMTP_URL: sink.url,
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
    },
    mailInboxUrl,
    googleIssuer: google.issuer,
    close: async () => {
      await new Promise<void>((resolve) => {
        inbox.closeAllConnections();
        inbox.close(() => resolve());
      });
      await google.close();
      await sink.close();
    },
  };
}
