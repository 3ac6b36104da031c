/** GET /api/riders/:username/reviews: one page of a rider's published reviews. */
import type { PublicReviewsPage } from '../../../shared/publicReviews';
import { api } from '../../kit/http/client';

export function fetchRiderReviews(username: string, cursor: string | null): Promise<PublicReviewsPage> {
  return api<PublicReviewsPage>(`/riders/${encodeURIComponent(username)}/reviews`, { query: cursor ? { cursor } : undefined });
}
