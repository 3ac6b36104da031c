/**
 * The API at its network edge, for jsdom view tests: globalThis.fetch answers GET /api/config
 * at once and holds every other /api request until the test answers it (as the server would,
 * with a status and a JSON body) or fails it (as a dropped connection would). The app's own
 * client (src/web/kit/http/http.ts), machine and views run unchanged on top of it.
 */
import type { PublicConfig } from '../../../src/shared/api';

export interface HeldRequest {
  method: string;
  path: string;
  /** The query string, '' or '?…'. */
  search: string;
  body: unknown;
  /** The request's headers as sent. */
  headers: Headers;
  /** `headers`: extra response headers, e.g. Retry-After on a 429. */
  respond(status: number, body: unknown, headers?: Record<string, string>): void;
  fail(error?: unknown): void;
}

export const testConfig: PublicConfig = {
  captcha: { siteKey: '10000000-ffff-ffff-ffff-000000000001', scriptUrl: 'http://127.0.0.1:9/1/api.js' },
  googleSignIn: false,
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export class ApiEdge {
  /** Requests waiting for an answer, oldest first. */
  readonly held: HeldRequest[] = [];
  /** Every request seen, in order. */
  readonly log: Array<{ method: string; path: string; body: unknown }> = [];
  private realFetch: typeof fetch | null = null;

  install(): void {
    this.realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => this.handle(input, init);
  }

  uninstall(): void {
    if (this.realFetch) globalThis.fetch = this.realFetch;
    this.realFetch = null;
  }

  /** Forgets held requests (their promises never settle) and the log, between tests. */
  reset(): void {
    this.held.length = 0;
    this.log.length = 0;
  }

  heldPaths(): string[] {
    return this.held.map((r) => r.path);
  }

  /** The oldest held request to `path`; throws when there is none. */
  take(path: string): HeldRequest {
    const index = this.held.findIndex((r) => r.path === path);
    if (index < 0) throw new Error(`no request to ${path} is waiting (waiting: ${this.heldPaths().join(', ') || 'none'})`);
    return this.held.splice(index, 1)[0]!;
  }

  private handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, window.location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    this.log.push({ method, path: url.pathname, body });
    if (method === 'GET' && url.pathname === '/api/config') return Promise.resolve(json(testConfig));
    return new Promise<Response>((resolve, reject) => {
      this.held.push({
        method,
        path: url.pathname,
        search: url.search,
        body,
        headers: new Headers(init?.headers),
        respond: (status, responseBody, headers) => resolve(json(responseBody, status, headers)),
        fail: (error = new TypeError('fetch failed')) => reject(error),
      });
    });
  }
}
