/**
 * The review window's requests on the app's one client: a 409 (the window moved on:
 * the deadline passed, the other side published both, a reply already made) becomes
 * ReviewWindowStale, so the machine reloads the window; other {error} answers a SubmitError.
 */
import type { FetchError } from '../../kit/http/http';
import type { ReviewReplyRequest, ReviewSaveRequest } from '../../../../machines/reviews/reviewWindowMachine';
import { ReviewWindowStale } from '../../../shared/requestErrors';
import { isApiErrorBody } from '../../../shared/api';
import type { ReviewWindowData, ReviewWindowResponse } from '../../../shared/reviews';
import { api } from '../../kit/http/client';

/** A 409: the window moved on, so the machine reloads it. */
const failure = (error: FetchError) => (error.statusCode === 409 && isApiErrorBody(error.data) ? new ReviewWindowStale(error.data.error) : undefined);

const windowPath = (engagementId: string) => `/engagements/${encodeURIComponent(engagementId)}/reviews`;

export const reviewsApi = {
  load: (engagementId: string) => api<ReviewWindowData>(windowPath(engagementId), { failure }),
  save: (request: ReviewSaveRequest) =>
    api<ReviewWindowResponse>(`${windowPath(request.engagementId)}/mine`, { method: 'PUT', body: request.values, failure }),
  reply: (request: ReviewReplyRequest) =>
    api<ReviewWindowResponse>(`/reviews/${encodeURIComponent(request.reviewId)}/reply`, { method: 'POST', body: { reply: request.reply }, failure }),
};
