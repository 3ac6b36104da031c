/**
 * The browser's HTTP client, on ofetch (the design card's package): a base URL, a time-out, JSON
 * bodies in and out, a query object, hooks before a request and on an error answer. Two things
 * ofetch does its own way are kept as the app had them: an answer is read as JSON when it parses
 * (else as text) unless a blob is asked for, and a query leaves out empty (undefined or null)
 * values. There are no retries.
 *
 * Every failure is converted here, once, into what the machines read (src/shared/requestErrors):
 * the server's {error:{field,message}} becomes a SubmitError, a request that got no answer a
 * NetworkFailure; a request may first turn a failure into an error of its own (`failure`).
 */
import { FetchError, ofetch, type FetchContext as OFetchContext, type FetchOptions as OFetchOptions } from 'ofetch';
import { isApiErrorBody } from '../../../shared/api';
import { NetworkFailure, SubmitError } from '../../../shared/requestErrors';

export { FetchError };

export type ResponseType = 'json' | 'blob';

type Hooks = 'onRequest' | 'onRequestError' | 'onResponse' | 'onResponseError';

export interface FetchOptions<R extends ResponseType = 'json'> extends Omit<OFetchOptions, 'query' | 'headers' | 'retry' | 'responseType' | Hooks> {
  /** How the answer is read: 'json' (JSON when it parses, else text) or 'blob'. */
  responseType?: R;
  headers?: HeadersInit;
  /** Appended to the URL; empty (undefined or null) values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A failure this request reads its own way (e.g. a 429 as a cooldown); undefined for the usual conversion. */
  failure?: (error: FetchError) => Error | undefined;
}

export interface FetchContext {
  request: string;
  options: { headers: HeadersInit; method?: string };
  response?: Response;
}

export interface FetchResponse<T> extends Response {
  _data?: T;
}

export interface ClientOptions {
  baseURL: string;
  credentials?: RequestCredentials;
  timeout?: number;
  onRequest?(context: FetchContext): void;
  onResponseError?(context: FetchContext & { response: Response }): void;
  /** An answer already on its way for this GET (the signed-in shells' early requests), or null to fetch. */
  adopt?(request: string, headers: Headers): Promise<Response> | null;
}

/** A failed request as the machines read it. */
export function toRequestError(error: unknown, failure?: (error: FetchError) => Error | undefined): Error {
  if (error instanceof FetchError) {
    const own = failure?.(error);
    if (own) return own;
    if (isApiErrorBody(error.data)) return new SubmitError(error.data.error);
    if (!error.response) return new NetworkFailure(error.message);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function withQuery(url: string, query: FetchOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** JSON when it parses, else the text (an empty answer is undefined). */
function jsonOrText(text: string): unknown {
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
  const $fetch = ofetch.create(
    {
      baseURL: defaults.baseURL,
      credentials: defaults.credentials,
      timeout: defaults.timeout,
      retry: 0,
      onRequest(context: OFetchContext) {
        const { options } = context;
        // Before ofetch adds the base URL and its own query handling.
        if (typeof context.request === 'string') context.request = withQuery(context.request, options.query as FetchOptions['query']);
        delete options.query;
        delete options.params;
        options.method = (options.method ?? 'GET').toUpperCase();
        if (options.responseType !== 'blob') options.parseResponse = jsonOrText;
        const hook = { request: String(context.request), options: options as FetchContext['options'] };
        defaults.onRequest?.(hook);
        const headers = new Headers(hook.options.headers);
        if (!headers.has('accept')) headers.set('accept', 'application/json');
        options.headers = headers;
      },
      onResponseError(context) {
        defaults.onResponseError?.({ request: String(context.request), options: context.options, response: context.response });
      },
    },
    {
      // The early answers are taken here, where the request has its full URL and headers.
      fetch: (request: RequestInfo | URL, init?: RequestInit) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        const early = method === 'GET' && typeof request === 'string' ? defaults.adopt?.(request, new Headers(init?.headers)) : null;
        return early ?? globalThis.fetch(request, init);
      },
    },
  );
  const split = (options: FetchOptions<ResponseType> = {}) => {
    const { failure, ...rest } = options;
    return { failure, rest: rest as OFetchOptions<ResponseType> };
  };
  async function raw<T>(path: string, options?: FetchOptions<ResponseType>): Promise<FetchResponse<T>> {
    const { failure, rest } = split(options);
    try {
      return (await $fetch.raw<T, ResponseType>(path, rest)) as FetchResponse<T>;
    } catch (error) {
      throw toRequestError(error, failure);
    }
  }
  const client = (async <T>(path: string, options?: FetchOptions<ResponseType>) => (await raw<T>(path, options))._data as T) as Client;
  client.raw = raw;
  return client;
}
