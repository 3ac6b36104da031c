/**
 * The review window's entry point for lists: its machine and view
 * (machines/reviews/reviewWindowMachine.ts, ReviewWindowView) load only when an ended engagement shows
 * one, so a page without one never downloads them.
 */
import { lazy, Suspense } from 'react';
import { messages } from '../../../shared/messages';
import type { ReviewWindowProps } from './ReviewWindow';

const ReviewWindow = lazy(() => import('./ReviewWindow').then((m) => ({ default: m.ReviewWindow })));

export function LazyReviewWindow(props: ReviewWindowProps) {
  return (
    <Suspense fallback={<p role="status">{messages.hireLoading}</p>}>
      <ReviewWindow {...props} />
    </Suspense>
  );
}
