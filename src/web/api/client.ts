/**
 * The one HTTP client (ofetch) for the API under /api. A 4xx/5xx answer in the
 * {error:{field,message}} shape becomes a SubmitError the machines understand;
 * anything else (network down, a proxy's HTML page) becomes a plain Error.
 */
import { ofetch, FetchError } from 'ofetch';
import { SubmitError } from '../../../machines/formMachine';
import { isApiErrorBody, type CaptchaVerifyResponse, type MessageResponse, type PublicConfig } from '../../shared/api';

export const api = ofetch.create({
  baseURL: '/api',
  credentials: 'same-origin',
  retry: 0,
  timeout: 30_000,
  onRequest({ options }) {
    // The page a form was sent from, for the team reading it (we send no Referer).
    const headers = new Headers(options.headers);
    headers.set('x-source-path', window.location.pathname);
    options.headers = headers;
  },
});

export function toSubmitError(error: unknown): Error {
  if (error instanceof FetchError && isApiErrorBody(error.data)) return new SubmitError(error.data.error);
  return error instanceof Error ? error : new Error(String(error));
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSubmitError(error);
  }
}

export const captchaApi = {
  verify: (token: string) =>
    call(() => api<CaptchaVerifyResponse>('/verify-captcha', { method: 'POST', body: { token } })),
};

export const newsletterApi = {
  subscribe: (values: { email: string }) =>
    call(() => api<MessageResponse>('/newsletter', { method: 'POST', body: values })),
};

export type EnquiryKind = 'enquiry' | 'quote';

export const enquiriesApi = {
  /** Quick Enquiry (home) and Get Quote (contact) go to one endpoint, told apart by kind. */
  send: (kind: EnquiryKind, values: { name: string; email: string; phone: string; message: string }) =>
    call(() => api<MessageResponse>('/enquiries', { method: 'POST', body: { kind, ...values } })),
};

export const waitlistApi = {
  join: (values: { companyName: string; email: string; features: string }) =>
    call(() => api<MessageResponse>('/waitlist', { method: 'POST', body: values })),
};

let configPromise: Promise<PublicConfig> | null = null;
/** Run-time configuration from the server, fetched once, only when something needs it. */
export function loadPublicConfig(): Promise<PublicConfig> {
  configPromise ??= api<PublicConfig>('/config').catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}
