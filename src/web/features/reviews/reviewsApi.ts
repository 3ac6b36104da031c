/**
 * The review window's requests (issue 12) on the app's one client: a 409 (the window moved on:
 * the deadline passed, the other side published both, a reply already made) becomes
 * ReviewWindowStale, so the machine reloads the window; other {error} answers a SubmitError.
 */
import { FetchError } from '../../kit/http/http';
import { ReviewWindowStale, type ReviewReplyRequest, type ReviewSaveRequest } from '../../../../machines/reviews/reviewWindowMachine';
import { isApiErrorBody } from '../../../shared/api';
import type { ReviewWindowData, ReviewWindowResponse } from '../../../shared/reviews';
import { api, toSubmitError } from '../../kit/http/client';

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FetchError && error.statusCode === 409 && isApiErrorBody(error.data)) throw new ReviewWindowStale(error.data.error);
    throw toSubmitError(error);
  }
}

const windowPath = (engagementId: string) => `/engagements/${encodeURIComponent(engagementId)}/reviews`;

export const reviewsApi = {
  load: (engagementId: string) => call(() => api<ReviewWindowData>(windowPath(engagementId))),
  save: (request: ReviewSaveRequest) =>
    call(() => api<ReviewWindowResponse>(`${windowPath(request.engagementId)}/mine`, { method: 'PUT', body: request.values })),
  reply: (request: ReviewReplyRequest) =>
    call(() => api<ReviewWindowResponse>(`/reviews/${encodeURIComponent(request.reviewId)}/reply`, { method: 'POST', body: { reply: request.reply } })),
};
