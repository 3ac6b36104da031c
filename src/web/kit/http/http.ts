/**
 * The platform fetch with the little the clients need (issue 14, in place of ofetch, whose
 * URL and JSON helpers were 10 kB of every page's JavaScript): a base URL, a time-out, JSON
 * bodies in and out, a query object, hooks before a request and on an error answer, and a
 * FetchError that carries the answer's status and parsed body. The shape follows ofetch's,
 * so the clients read as before.
 */

export interface FetchOptions<R extends ResponseType = 'json'> extends Omit<RequestInit, 'body' | 'headers'> {
  /** A plain object or array is sent as JSON; FormData, Blob, strings as they are. */
  body?: RequestInit['body'] | object;
  headers?: HeadersInit;
  /** Appended to the URL; empty (undefined or null) values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Milliseconds before the request is aborted; overrides the client's. */
  timeout?: number;
  /** How the answer is read: 'json' (JSON when it parses, else text) or 'blob'. */
  responseType?: R;
  /** Accepted for ofetch compatibility; there are never retries. */
  retry?: number | false;
}

export type ResponseType = 'json' | 'blob';

export interface FetchContext {
  request: string;
  options: FetchOptions<ResponseType> & { headers: HeadersInit };
  response?: Response;
}

export interface FetchResponse<T> extends Response {
  _data?: T;
}

export interface ClientOptions {
  baseURL: string;
  credentials?: RequestCredentials;
  timeout?: number;
  retry?: number | false;
  onRequest?(context: FetchContext): void;
  onResponseError?(context: FetchContext & { response: Response }): void;
  /** An answer already on its way for this GET (the signed-in shells' early requests), or null to fetch. */
  adopt?(request: string, headers: Headers): Promise<Response> | null;
}

/** A failed request: `response` is absent when no answer came (network, time-out). */
export class FetchError<T = unknown> extends Error {
  override name = 'FetchError';
  response?: Response;
  data?: T;
  get status(): number | undefined {
    return this.response?.status;
  }
  get statusCode(): number | undefined {
    return this.response?.status;
  }
}

function withQuery(url: string, query: FetchOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function joinURL(base: string, path: string): string {
  if (/^[a-z]+:\/\//i.test(path) || path.startsWith(`${base}/`) || path === base) return path;
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

function isJsonBody(body: unknown): body is object {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const proto = Object.getPrototypeOf(body) as unknown;
  return proto === Object.prototype || proto === null;
}

async function readBody(response: Response, type: ResponseType): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface Client {
  <T = unknown>(path: string, options?: FetchOptions<ResponseType>): Promise<T>;
  raw<T = unknown>(path: string, options?: FetchOptions<ResponseType>): Promise<FetchResponse<T>>;
}

export function createClient(defaults: ClientOptions): Client {
  async function raw<T>(path: string, given: FetchOptions<ResponseType> = {}): Promise<FetchResponse<T>> {
    const { query, timeout = defaults.timeout, responseType = 'json', retry: _retry, ...rest } = given;
    const request = withQuery(joinURL(defaults.baseURL, path), query);
    const options: FetchContext['options'] = { credentials: defaults.credentials, ...rest, headers: rest.headers ?? {} };
    defaults.onRequest?.({ request, options });
    const headers = new Headers(options.headers);
    let body = options.body as RequestInit['body'];
    if (isJsonBody(options.body)) {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    options.headers = headers;
    const controller = new AbortController();
    const abort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) abort();
    else options.signal?.addEventListener('abort', abort, { once: true });
    const timer = timeout ? setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), timeout) : undefined;
    const method = (options.method ?? 'GET').toUpperCase();
    let response: FetchResponse<T>;
    try {
      const early = method === 'GET' ? defaults.adopt?.(request, headers) : null;
      response = await (early ?? globalThis.fetch(request, { ...options, body, headers, method, signal: controller.signal }));
      response._data = (await readBody(response, responseType)) as T;
    } catch (cause) {
      const error = new FetchError(`[${method}] "${request}": ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
    if (!response.ok) {
      defaults.onResponseError?.({ request, options, response });
      const error = new FetchError(`[${method}] "${request}": ${response.status} ${response.statusText}`.trim());
      error.response = response;
      error.data = response._data;
      throw error;
    }
    return response;
  }
  const client = (async <T>(path: string, options?: FetchOptions<ResponseType>) => (await raw<T>(path, options))._data as T) as Client;
  client.raw = raw;
  return client;
}
