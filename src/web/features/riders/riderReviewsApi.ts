/** GET /api/riders/:username/reviews: one page of a rider's published reviews (issue 12). */
import type { PublicReviewsPage } from '../../../shared/publicReviews';
import { api, toSubmitError } from '../../kit/http/client';

export async function fetchRiderReviews(username: string, cursor: string | null): Promise<PublicReviewsPage> {
  try {
    return await api<PublicReviewsPage>(`/riders/${encodeURIComponent(username)}/reviews`, { query: cursor ? { cursor } : undefined });
  } catch (error) {
    throw toSubmitError(error);
  }
}
