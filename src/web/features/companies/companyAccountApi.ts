/** The company account's calls (issue 12), all under /api/companies/me, on the app's one client. */
import type { MessageResponse } from '../../../shared/api';
import type { CompanyProfile, CompanyProfileResponse, CompanyResendResponse } from '../../../shared/company';
import { api, toSubmitError } from '../../kit/http/client';

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSubmitError(error);
  }
}

export const companyAccountApi = {
  profile: () => call(() => api<CompanyProfile>('/companies/me')),
  updateProfile: (body: Record<string, string>) => call(() => api<CompanyProfileResponse>('/companies/me', { method: 'PUT', body })),
  uploadLogo(file: Blob): Promise<CompanyProfileResponse> {
    const form = new FormData();
    form.append('logo', file, file instanceof File ? file.name : 'logo');
    return call(() => api<CompanyProfileResponse>('/companies/me/logo', { method: 'POST', body: form }));
  },
  changePassword: (body: { current_password: string; new_password: string }) =>
    call(() => api<MessageResponse>('/companies/me/password', { method: 'PUT', body })),
  /** The file and the name the server gave it. */
  exportData: () =>
    call(async () => {
      const response = await api.raw('/companies/me/export', { responseType: 'blob' });
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'ogba-dispatch-company.json';
      return { blob: response._data as Blob, fileName: name };
    }),
  verifyEmail: (code: string) =>
    call(() => api<CompanyProfileResponse>('/companies/me/verify-email', { method: 'PUT', body: { verify_email_code: code } })),
  sendVerifyEmail: () => call(() => api<CompanyResendResponse>('/companies/me/send-verify-email', { method: 'POST' })),
  deleteAccount: (password: string) => call(() => api<MessageResponse>('/companies/me', { method: 'DELETE', body: { password } })),
};
