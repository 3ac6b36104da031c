/**
 * Who may call each route (DESIGN.md §10). Every route says it in its definition,
 * next to its schema:
 *
 *   app.get('/api/companies/me', { config: { access: access('company') }, schema: { ... } }, handler)
 *   app.post('/api/hiring/requests/:id/end', { config: { access: access(['rider', 'company'], { owner: 'the engagement: its company or its rider' }) }, ... })
 *
 * and one onRequest hook, installed once, reads `request.routeOptions.config.access` and lets
 * the request through or refuses it. No handler checks a token itself, so a route added
 * tomorrow is guarded by its declaration alone; a route without one stops the app at start-up
 * (and tests/server/routeMatrix.test.ts walks every route × every kind of caller).
 *
 * The answers to a refused caller are the ones the product already gave:
 *  - a route for riders or companies answers 401 (signInAgain) when the x-auth-token header names
 *    no open session (missing, forged, expired, logged out): the browser then forgets its token
 *    and goes to /login. A genuine session of the other kind is the 404 of a missing page.
 *  - every other route (the console's, an API key's, a tracking token's) answers the 404 of a
 *    missing page to anyone it does not admit, so a stranger does not learn the route exists.
 * The guard runs at onRequest, before any body or query is validated, for the same reason.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { USER_TYPE_COMPANY, USER_TYPE_RIDER } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';
import { AUTH_HEADER, readSession, tokenOf, tokenSession } from './auth';
import { STAFF_TOKEN_HEADER, staffOf } from './staffAuth';

/**
 * The kinds of caller. 'public': anyone, signed in or not. 'rider' and 'company': a user's
 * session (x-auth-token). 'dispatcher' and 'admin': a staff session that finished its second
 * factor (x-ops-token), by role. 'staffPending': a staff session still owing its second factor.
 * 'apiKey' (x-api-key) and 'tracking' (x-tracking-token): a business's key and a parcel's
 * tracking token; no route admits them yet, and until a feature sets a check for them
 * (app.credentialChecks) no value is admitted.
 */
export const CALLER_KINDS = ['public', 'rider', 'company', 'dispatcher', 'admin', 'staffPending', 'apiKey', 'tracking'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/** Any staff member with a complete session. */
export const STAFF: readonly CallerKind[] = ['dispatcher', 'admin'];

export const API_KEY_HEADER = 'x-api-key';
export const TRACKING_TOKEN_HEADER = 'x-tracking-token';

export interface Access {
  readonly callers: readonly CallerKind[];
  /**
   * The route is about a record that belongs to someone (named here: what, and whose); another
   * caller's record is the 404 of a missing page. The handler's own query enforces it (it is
   * scoped to the caller, so no second lookup), and the route matrix checks it with another
   * owner's valid token.
   */
  readonly owner?: string;
  /**
   * The handler checks the session itself, joined into its one read (GET /api/users/profile,
   * one round trip). The guard then checks the token's signature, expiry and kind without the
   * database, and the session only when refusing.
   */
  readonly sessionInHandler?: boolean;
  /**
   * A public route that still wants to know who called when they said so (a booking from a
   * visitor, a signed-in company or a business's API key). A company session that does not
   * resolve is a visitor (a stale token must not stop a public form); an API key that does not
   * resolve is 401, because a business that sends one expects to be itself, not a visitor.
   */
  readonly identifies?: readonly ('company' | 'apiKey')[];
}

/** A route's declaration: `config: { access: access('rider') }`. */
export function access(
  callers: CallerKind | readonly CallerKind[],
  options: { owner?: string; sessionInHandler?: boolean; identifies?: readonly ('company' | 'apiKey')[] } = {},
): Access {
  const list = typeof callers === 'string' ? [callers] : [...callers];
  if (list.length === 0) throw new Error('access(): name at least one kind of caller');
  if (list.includes('public') && list.length > 1) throw new Error("access(): 'public' already admits everyone");
  if (options.identifies && list[0] !== 'public') throw new Error("access(): 'identifies' is for a public route");
  return Object.freeze({ callers: Object.freeze(list), ...options });
}

/** A business's API key or a tracking token, as admitted: what the route's handler reads. */
export interface Credential {
  kind: 'apiKey' | 'tracking';
  /** The key's or token's own id. */
  id: string;
  /** Whose it is (the company, the delivery). */
  ownerId: string;
}

export type CredentialCheck = (request: FastifyRequest, value: string) => Promise<Credential | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/access.ts). Required of every route. */
    access?: Access;
  }
  interface FastifyRequest {
    /** The kind of caller the guard admitted; null on public routes. */
    caller: CallerKind | null;
    /** The API key or tracking token the guard admitted; null otherwise. */
    credential: Credential | null;
  }
  interface FastifyInstance {
    /** How an API key and a tracking token are checked; set by the feature that issues them. */
    credentialChecks: { apiKey: CredentialCheck | null; tracking: CredentialCheck | null };
    /** Every route of the app with its declaration, in the order they were added. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Read at start-up, after every onRoute hook had its say. */
  readonly access: Access | undefined;
}

const USER_KINDS: Record<number, CallerKind> = { [USER_TYPE_RIDER]: 'rider', [USER_TYPE_COMPANY]: 'company' };

/**
 * Whether a refused caller of this route is told 401 (user-token routes, and a public route's API
 * key that does not resolve) or 404 (all others).
 */
export function refusalStatus(declared: Access): 401 | 404 {
  if (declared.callers[0] === 'public') return declared.identifies?.includes('apiKey') ? 401 : 404;
  return declared.callers.includes('rider') || declared.callers.includes('company') ? 401 : 404;
}

/** The token headers a declaration reads, for the API document's security requirement. */
export function securitySchemesOf(declared: Access): string[] {
  const schemes = new Set<string>();
  for (const kind of declared.identifies ?? []) schemes.add(kind === 'apiKey' ? 'apiKey' : 'authToken');
  for (const kind of declared.callers) {
    if (kind === 'rider' || kind === 'company') schemes.add('authToken');
    else if (kind === 'dispatcher' || kind === 'admin' || kind === 'staffPending') schemes.add('opsToken');
    else if (kind === 'apiKey') schemes.add('apiKey');
    else if (kind === 'tracking') schemes.add('trackingToken');
  }
  return [...schemes];
}

/** The security schemes of the API document, one per token header. */
export const securitySchemes = {
  authToken: { type: 'apiKey', in: 'header', name: AUTH_HEADER, description: "A rider's or a company's session (POST /api/auth/login)." },
  opsToken: { type: 'apiKey', in: 'header', name: STAFF_TOKEN_HEADER, description: "A staff member's console session (POST /api/ops/auth/login)." },
  apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: "A business's API key." },
  trackingToken: { type: 'apiKey', in: 'header', name: TRACKING_TOKEN_HEADER, description: "A delivery's tracking token, as sent to its sender." },
} as const;

function headerValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers[name];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;
}

const notFound = () => new AppError('NOT_FOUND', messages.notFound);

async function guard(request: FastifyRequest): Promise<void> {
  // A request no route matched goes to the not-found handler: nothing to guard.
  if (request.is404) return;
  const declared = request.routeOptions.config.access;
  // Unreachable once the app started (installAccess refuses a route without one): closed, not open.
  if (!declared) throw notFound();
  const kinds = declared.callers;
  if (kinds[0] === 'public') {
    if (declared.identifies) await identify(request, declared.identifies);
    return;
  }
  const { server } = request;

  let signedOut = false;
  if (kinds.includes('rider') || kinds.includes('company')) {
    const token = tokenOf(request);
    if (declared.sessionInHandler && token) {
      const claims = tokenSession(server.config, token);
      const kind = claims ? USER_KINDS[claims.userType] : undefined;
      if (kind && kinds.includes(kind)) {
        request.caller = kind;
        return;
      }
    }
    const auth = token ? await readSession(server.database.db, server.config, token) : null;
    const kind = auth ? USER_KINDS[auth.userType] : undefined;
    if (auth && kind && kinds.includes(kind)) {
      request.auth = auth;
      request.caller = kind;
      return;
    }
    signedOut = !auth;
  }

  if (kinds.includes('dispatcher') || kinds.includes('admin') || kinds.includes('staffPending')) {
    const staff = await staffOf(request);
    const kind: CallerKind | null = !staff ? null : staff.stage === 'password' ? 'staffPending' : staff.role;
    if (staff && kind && kinds.includes(kind)) {
      request.staff = staff;
      request.caller = kind;
      return;
    }
  }

  for (const kind of ['apiKey', 'tracking'] as const) {
    if (!kinds.includes(kind)) continue;
    const value = headerValue(request, kind === 'apiKey' ? API_KEY_HEADER : TRACKING_TOKEN_HEADER);
    const check = server.credentialChecks[kind];
    const credential = value && check ? await check(request, value) : null;
    if (credential && credential.kind === kind) {
      request.credential = credential;
      request.caller = kind;
      return;
    }
  }

  if (signedOut) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  throw notFound();
}

/** A public route's caller, when they named themselves (Access.identifies). */
async function identify(request: FastifyRequest, kinds: readonly ('company' | 'apiKey')[]): Promise<void> {
  const { server } = request;
  if (kinds.includes('apiKey')) {
    const value = headerValue(request, API_KEY_HEADER);
    if (value !== null || request.headers[API_KEY_HEADER] !== undefined) {
      const check = server.credentialChecks.apiKey;
      const credential = value && check ? await check(request, value) : null;
      if (!credential || credential.kind !== 'apiKey') throw new AppError('UNAUTHORIZED', messages.apiKeyInvalid);
      request.credential = credential;
      request.caller = 'apiKey';
      return;
    }
  }
  if (kinds.includes('company')) {
    const token = tokenOf(request);
    const auth = token ? await readSession(server.database.db, server.config, token) : null;
    if (auth && USER_KINDS[auth.userType] === 'company') {
      request.auth = auth;
      request.caller = 'company';
    }
  }
}

/**
 * Call once in buildApp, before any route: keeps the route table, refuses to start with a route
 * that declares no callers, and guards every request by its route's declaration.
 */
export function installAccess(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('credential', null);
  app.decorate('credentialChecks', { apiKey: null, tracking: null });
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    for (const method of methods) {
      // Read later, not now: an onRoute hook of the route's own plugin may still declare it.
      table.push({
        method,
        url: route.url,
        get access() {
          return (route.config as { access?: Access } | undefined)?.access;
        },
      });
    }
  });
  app.addHook('onReady', async () => {
    const undeclared = table.filter((entry) => !entry.access).map((entry) => `${entry.method} ${entry.url}`);
    if (undeclared.length > 0) {
      throw new Error(`Routes without an access declaration (config: { access: access(...) }, plugins/access.ts): ${undeclared.join(', ')}`);
    }
  });
  app.addHook('onRequest', guard);
}
