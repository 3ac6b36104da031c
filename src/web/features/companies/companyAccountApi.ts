/** The company account's calls, all under /api/companies/me, on the app's one client. */
import type { MessageResponse } from '../../../shared/api';
import type { ApiKeyCreatedResponse, ApiKeyListResponse, ApiKeySummary } from '../../../shared/apiKeys';
import type { CompanyProfile, CompanyProfileResponse, CompanyResendResponse } from '../../../shared/company';
import { fileNameOf } from '../../kit/download';
import { api } from '../../kit/http/client';

export const companyAccountApi = {
  profile: () => api<CompanyProfile>('/companies/me'),
  updateProfile: (body: Record<string, string>) => api<CompanyProfileResponse>('/companies/me', { method: 'PUT', body }),
  uploadLogo(file: Blob): Promise<CompanyProfileResponse> {
    const form = new FormData();
    form.append('logo', file, file instanceof File ? file.name : 'logo');
    return api<CompanyProfileResponse>('/companies/me/logo', { method: 'POST', body: form });
  },
  changePassword: (body: { current_password: string; new_password: string }) =>
    api<MessageResponse>('/companies/me/password', { method: 'PUT', body }),
  /** The file and the name the server gave it. */
  exportData: async () => {
    const response = await api.raw('/companies/me/export', { responseType: 'blob' });
    return { blob: response._data as Blob, fileName: fileNameOf(response.headers.get('content-disposition'), 'ogba-dispatch-company.json') };
  },
  verifyEmail: (code: string) =>
    api<CompanyProfileResponse>('/companies/me/verify-email', { method: 'PUT', body: { verify_email_code: code } }),
  sendVerifyEmail: () => api<CompanyResendResponse>('/companies/me/send-verify-email', { method: 'POST' }),
  deleteAccount: (password: string) => api<MessageResponse>('/companies/me', { method: 'DELETE', body: { password } }),
  apiKeys: async () => (await api<ApiKeyListResponse>('/companies/me/api-keys')).keys,
  createApiKey: (name: string) => api<ApiKeyCreatedResponse>('/companies/me/api-keys', { method: 'POST', body: { name } }),
  revokeApiKey: async (id: string) =>
    (await api<{ api_key: ApiKeySummary }>(`/companies/me/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' })).api_key,
};
