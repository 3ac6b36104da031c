/**
 * The console's HTTP client: /api/ops with the staff token in x-ops-token; the kit's client
 * converts failures (an {error:{field,message}} answer is a SubmitError). A 404 to a
 * request that carried the current token means the session is over (expired, signed out
 * elsewhere, member removed): the token is dropped and the shell shows the sign-in again.
 */
import { createClient, type FetchOptions } from '../../kit/http/http';
import { SubmitError } from '../../../shared/requestErrors';
import { isApiErrorBody } from '../../../shared/api';
import { opsSession } from './opsSession';
import { downloadBlob, fileNameOf } from '../../kit/download';

export const OPS_TOKEN_HEADER = 'x-ops-token';

const client = createClient({
  baseURL: '/api/ops',
  credentials: 'same-origin',
  timeout: 30_000,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    if (!headers.has(OPS_TOKEN_HEADER)) {
      const token = opsSession.token();
      if (token) headers.set(OPS_TOKEN_HEADER, token);
    }
    options.headers = headers;
  },
  onResponseError({ request, response, options }) {
    if (response.status !== 404) return;
    const url = request;
    if (url.includes('/auth/')) return;
    const sent = new Headers(options.headers).get(OPS_TOKEN_HEADER);
    if (sent === null || sent !== opsSession.token()) return;
    // A console route answers 404 both for a missing record and for a session that is over:
    // ask who we are, and only a 404 to that ends the session on this page.
    if (url.endsWith('/me')) opsSession.expire();
    else void client('/me', { headers: { [OPS_TOKEN_HEADER]: sent } }).catch(() => undefined);
  },
});

/** A console request: resolves with the body, or rejects with a SubmitError or an Error. */
export function opsApi<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  return client<T>(path, options);
}

/** A URL with the query's non-empty values. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Downloads a file answered by a console route (a CSV export, a rider's private document): the
 * token travels in the header, never in a URL, and the browser is handed the bytes.
 */
export async function downloadFromOps(path: string, fallbackName: string): Promise<void> {
  const response = await fetchFromOps(path);
  downloadBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
}

/** A console file's answer (the token in the header), or the refusal as a SubmitError or an Error. */
export async function fetchFromOps(path: string): Promise<Response> {
  const token = opsSession.token();
  const response = await fetch(`/api/ops${path}`, { headers: token ? { [OPS_TOKEN_HEADER]: token } : {} });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw isApiErrorBody(body) ? new SubmitError(body.error) : new Error(response.statusText);
  }
  return response;
}

