/**
 * A multipart POST with upload progress (fetch has none, so this is XMLHttpRequest), answered
 * like the rest of the client: the token in x-auth-token, a 401 reported to the auth machine,
 * an {error:{field,message}} answer as a SubmitError.
 */
import { NetworkFailure, SubmitError } from '../../../shared/requestErrors';
import { isApiErrorBody } from '../../../shared/api';
import { auth } from '../session/authService';

export type UploadProgress = (loaded: number, total: number) => void;

export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: UploadProgress,
  /** Aborts the transfer (Cancel and Skip during an upload); the promise rejects with an AbortError. */
  signal?: AbortSignal,
): Promise<T> {
  const token = auth.beforeRequest();
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('upload aborted', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    signal?.addEventListener(
      'abort',
      () => {
        xhr.abort();
        reject(aborted());
      },
      { once: true },
    );
    xhr.open('POST', `/api${path}`);
    if (token) xhr.setRequestHeader('x-auth-token', token);
    xhr.setRequestHeader('x-source-path', window.location.pathname);
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 401 && token === auth.currentToken()) auth.unauthorized();
      reject(isApiErrorBody(body) ? new SubmitError(body.error) : new Error(`upload failed: HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(signal?.aborted ? aborted() : new NetworkFailure('upload failed: network'));
    xhr.ontimeout = () => reject(new NetworkFailure('upload failed: time-out'));
    xhr.send(form);
  });
}
