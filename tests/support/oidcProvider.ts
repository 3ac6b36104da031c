/**
 * A stand-in for Google at its network edge, for tests only: a real OpenID Connect provider
 * (the `oidc-provider` package) on 127.0.0.1 with one client. Its sign-in page asks for an
 * e-mail and a name, like choosing a Google account: the same e-mail is the same account
 * (the same `sub`) every time. Point GOOGLE_ISSUER at `issuer`.
 *
 *   const google = await startOidcProvider({ redirectUri: `${baseURL}/api/auth/google/callback` });
 *   env: { GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret }
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

export interface OidcProviderStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts that have signed in, by e-mail. */
  accounts: Map<string, OidcAccount>;
  /** When false, new accounts come with email_verified: false. */
  verifiedEmails: boolean;
  close(): Promise<void>;
}

/** The stable subject of an e-mail: a returning user is the same account. */
export function subjectFor(email: string): string {
  return `google-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 20)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signInPage(uid: string, clientName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in - Google (test provider)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>Sign in with Google</h1>
<p>to continue to ${escapeHtml(clientName)} (a local test provider, not Google)</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label>Email <input name="email" type="email" required autocomplete="off" style="display:block;width:100%;min-height:44px"></label></p>
<p><label>Name <input name="name" type="text" autocomplete="off" style="display:block;width:100%;min-height:44px"></label></p>
<p><button type="submit" style="min-height:44px;padding:0 16px">Continue</button>
<button type="submit" name="cancel" value="1" formnovalidate style="min-height:44px;padding:0 16px">Cancel</button></p>
</form></body></html>`;
}

export async function startOidcProvider(options: { redirectUri: string; port?: number }): Promise<OidcProviderStandIn> {
  const accounts = new Map<string, OidcAccount>();
  const bySub = new Map<string, OidcAccount>();
  const clientId = 'lagos-dispatch-test';
  const clientSecret = randomBytes(24).toString('base64url');

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const standIn: OidcProviderStandIn = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    verifiedEmails: true,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Ogba Dispatch',
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the e-mail in the ID token itself, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // No consent screen: a Google account the user picked consents to openid email profile.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string }; provider: { Grant: new (o: object) => { addOIDCScope(s: string): void; save(): Promise<string> } } };
    }) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const login = /^\/interaction\/([^/]+)\/login$/.exec(url.pathname);
    const page = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    const handle = async () => {
      if (page && req.method === 'GET') {
        const details = await provider.interactionDetails(req, res);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(signInPage(details.uid, 'Ogba Dispatch'));
        return;
      }
      if (login && req.method === 'POST') {
        const form = await readForm(req);
        if (form.get('cancel')) {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'cancelled' }, { mergeWithLastSubmission: false });
          return;
        }
        const email = (form.get('email') ?? '').trim().toLowerCase();
        let account = accounts.get(email);
        if (!account) {
          account = { sub: subjectFor(email), email, name: form.get('name')?.trim() || email.split('@')[0]!, email_verified: standIn.verifiedEmails };
          accounts.set(email, account);
          bySub.set(account.sub, account);
        }
        await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      callback(req, res);
    };
    handle().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(`test provider error: ${err instanceof Error ? err.message : String(err)}`);
    });
  });

  return standIn;
}
