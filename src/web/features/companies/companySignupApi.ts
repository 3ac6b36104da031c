/**
 * The company sign-up's calls, on the app's one client (src/web/kit/http/client.ts): the
 * invitation check, the sign-up, the logo, the code and a new code. A 404 to the invitation
 * check is a dead link (InvitationDeadError); a 429 to a new code carries when to ask again.
 */
import type { FetchError } from '../../kit/http/http';
import type { CompanySignupValues } from '../../../../machines/companies/companySignupMachine';
import { InvitationDeadError, ResendCooldownError } from '../../../shared/requestErrors';
import { isApiErrorBody, type LoginResponse } from '../../../shared/api';
import type { CompanyProfileResponse, CompanyResendResponse } from '../../../shared/company';
import { RESEND_COOLDOWN_SECONDS } from '../../../shared/constants';
import type { PublicInvitation } from '../../../shared/invitations';
import { messages } from '../../../shared/messages';
import { api } from '../../kit/http/client';

/** A 429: when a new code may be asked for, from Retry-After or the 60-second cooldown when a proxy dropped it. */
function cooldown(error: FetchError, now: () => number): Error | undefined {
  if (error.response?.status !== 429) return undefined;
  const header = Number(error.response.headers.get('retry-after'));
  const seconds = Number.isFinite(header) && header > 0 ? header : RESEND_COOLDOWN_SECONDS;
  const message = isApiErrorBody(error.data) ? error.data.error.message : messages.resendWait(seconds);
  return new ResendCooldownError(message, now() + seconds * 1000);
}

export const companySignupApi = {
  invitation: (invite: string) =>
    api<PublicInvitation>(`/invitations/${encodeURIComponent(invite)}`, {
      failure: (error) => (error.response?.status === 404 && isApiErrorBody(error.data) ? new InvitationDeadError() : undefined),
    }),

  signup: (values: CompanySignupValues & { invite: string }) =>
    api<LoginResponse>('/companies/signup', { method: 'POST', body: values }),

  /** multipart field logo; the token of the new account goes with it (the client adds it). */
  uploadLogo(file: Blob): Promise<CompanyProfileResponse> {
    const form = new FormData();
    form.append('logo', file, file instanceof File ? file.name : 'logo');
    return api<CompanyProfileResponse>('/companies/me/logo', { method: 'POST', body: form });
  },

  verifyEmail: (code: string) =>
    api<CompanyProfileResponse>('/companies/me/verify-email', { method: 'PUT', body: { verify_email_code: code } }),

  /**
   * A 429 becomes a ResendCooldownError carrying when to ask again: Retry-After's seconds, or
   * the 60-second cooldown when a proxy dropped the header.
   */
  sendVerifyEmail: (now: () => number) =>
    api<CompanyResendResponse>('/companies/me/send-verify-email', { method: 'POST', failure: (error) => cooldown(error, now) }),
};
