/**
 * The sign-up wizard's calls, on the app's one client (kit/http/client.ts): every request
 * asks the auth machine for the token first and a 401 tells it. The picture goes up with
 * XMLHttpRequest, the one browser API that reports upload progress.
 */
import type { FetchError } from '../../kit/http/http';
import { ResendCooldownError } from '../../../shared/requestErrors';
import { isApiErrorBody, type LoginResponse } from '../../../shared/api';
import { USER_TYPE_RIDER } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type {
  ChangeSignupEmailResponse,
  SendVerifyEmailResponse,
  SignupProgressResponse,
  SignupUpdateRequest,
  UploadProfileImageResponse,
} from '../../../shared/signup';
import { api } from '../../kit/http/client';
import type { FocalPoint } from '../../../shared/uploads';
import { pictureForm } from '../../kit/uploads/pictureForm';
import { uploadWithProgress } from '../../kit/http/upload';

/** A 429 with Retry-After is a ResendCooldownError carrying when to ask again (the client converts the rest). */
function resendError(error: FetchError): Error | undefined {
  if (error.response?.status === 429) {
    const seconds = Number(error.response.headers.get('retry-after'));
    const message = isApiErrorBody(error.data) ? error.data.error.message : messages.resendWait(60);
    if (Number.isFinite(seconds) && seconds > 0) return new ResendCooldownError(message, Date.now() + seconds * 1000);
  }
  return undefined;
}

export const signupApi = {
  create: (values: { username: string; email: string; password: string }) =>
    api<LoginResponse>('/auth/create', { method: 'POST', body: { ...values, user_type: String(USER_TYPE_RIDER) } }),

  verifyEmail: (code: string) =>
    api<SignupProgressResponse>('/users/verify-email', { method: 'PUT', body: { verify_email_code: code } }),

  /** A 429 with Retry-After becomes a ResendCooldownError carrying when to ask again. */
  sendVerifyEmail: () => api<SendVerifyEmailResponse>('/users/send-verify-email', { method: 'POST', failure: resendError }),

  /** Step 2's 'Wrong e-mail? Change it': the address changed and a new code sent there, under the resend's limits. */
  changeEmail: (email: string) => api<ChangeSignupEmailResponse>('/users/signup-email', { method: 'PUT', body: { email }, failure: resendError }),

  update: (body: SignupUpdateRequest) => api<SignupProgressResponse>('/users/signup-update', { method: 'PUT', body }),

  /**
   * multipart field profile_image, shrunk in the browser first, with the focal point the rider
   * chose; onProgress(loaded, total) as the bytes go up.
   */
  async uploadProfileImage(
    file: Blob,
    focus: FocalPoint,
    onProgress: (loaded: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<UploadProfileImageResponse> {
    const form = await pictureForm(file, focus);
    return uploadWithProgress<UploadProfileImageResponse>('/users/upload-profile-image', form, onProgress, signal);
  },
};
