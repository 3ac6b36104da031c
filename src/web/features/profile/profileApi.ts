/**
 * The rider dashboard's calls, on the app's one client (kit/http/client.ts): every request
 * asks the auth machine for the token first and a 401 tells it. Uploads (the picture, personal
 * information with ID documents) go with XMLHttpRequest, the one browser API that reports
 * upload progress. Both convert failures as the kit's client does (NetworkFailure, SubmitError).
 */
import type { MessageResponse } from '../../../shared/api';
import type { Profile, ProfileWriteResponse } from '../../../shared/profile';
import type { UploadProfileImageResponse } from '../../../shared/signup';
import { fileNameOf } from '../../kit/download';
import { api } from '../../kit/http/client';
import { DOCUMENT_UPLOAD_MAX_SIDE, type FocalPoint } from '../../../shared/uploads';
import { pictureForm } from '../../kit/uploads/pictureForm';
import { resizeImage } from '../../kit/uploads/resizeImage';
import { uploadWithProgress, type UploadProgress } from '../../kit/http/upload';

type Progress = UploadProgress;


export interface PersonalInfoUpload {
  total_years_of_experience: string;
  languages_spoken: string;
  education: string;
  /** One of ID_KINDS, or '' to keep the kind on file. */
  id_kind: string;
  valid_id: Blob | null;
  rider_id_card: Blob | null;
}


export const profileApi = {
  load: () => api<Profile>('/users/profile'),

  updateProfile: (body: { username: string; phone: string; state: string; town: string; introduction: string }) =>
    api<ProfileWriteResponse>('/users/profile-update', { method: 'PUT', body }),

  updateBio: (body: { username: string; bio: string }) =>
    api<ProfileWriteResponse>('/users/profile-update', { method: 'PUT', body }),

  async savePersonalInfo(values: PersonalInfoUpload, onProgress: Progress, signal?: AbortSignal): Promise<ProfileWriteResponse> {
    // A photographed ID is shrunk to the size the server keeps; a PDF goes as chosen.
    const shrink = async (file: Blob | null) => (file instanceof File ? resizeImage(file, { maxSide: DOCUMENT_UPLOAD_MAX_SIDE }) : file);
    values = { ...values, valid_id: await shrink(values.valid_id), rider_id_card: await shrink(values.rider_id_card) };
    const form = new FormData();
    form.append('total_years_of_experience', values.total_years_of_experience);
    form.append('languages_spoken', values.languages_spoken);
    form.append('education', values.education);
    form.append('id_kind', values.id_kind);
    for (const field of ['valid_id', 'rider_id_card'] as const) {
      const file = values[field];
      if (file) form.append(field, file, file instanceof File ? file.name : field);
    }
    return uploadWithProgress('/riders/personal-info/save', form, onProgress, signal);
  },

  /** The photo shrunk in the browser, with the focal point the rider chose in the square preview. */
  async uploadPicture(file: Blob, focus: FocalPoint, onProgress: Progress, signal?: AbortSignal): Promise<UploadProfileImageResponse> {
    return uploadWithProgress('/users/upload-profile-image', await pictureForm(file, focus), onProgress, signal);
  },

  createWorkHistory: (body: Record<string, string>) =>
    api<ProfileWriteResponse>('/riders/work-history/create', { method: 'POST', body }),
  updateWorkHistory: (body: Record<string, string>) =>
    api<ProfileWriteResponse>('/riders/work-history/update', { method: 'PUT', body }),
  deleteWorkHistory: (id: string) =>
    api<ProfileWriteResponse>(`/riders/work-history/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  createPastEmployee: (body: Record<string, string>) =>
    api<ProfileWriteResponse>('/riders/past-employees/create', { method: 'POST', body }),
  updatePastEmployee: (body: Record<string, string>) =>
    api<ProfileWriteResponse>('/riders/past-employees/update', { method: 'PUT', body }),
  deletePastEmployee: (id: string) =>
    api<ProfileWriteResponse>(`/riders/past-employees/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  /** GET /api/users/export: the file and the name the server gave it. */
  async exportData(): Promise<{ blob: Blob; fileName: string }> {
    const response = await api.raw('/users/export', { responseType: 'blob' });
    return { blob: response._data as Blob, fileName: fileNameOf(response.headers.get('content-disposition'), 'ogba-dispatch-data.json') };
  },

  deleteAccount: (password: string) =>
    api<MessageResponse>('/users/account', { method: 'DELETE', body: password ? { password } : {} }),

  /** A private file (an ID document) with the token: only its owner gets it. */
  readDocument: (url: string) => api(url, { responseType: 'blob' }) as Promise<Blob>,
};
