/**
 * The review window of one ended engagement, for a party's list of engagements:
 * `<ReviewWindow engagementId={e.id} side="rider" />` under an ended engagement. It loads the
 * window as that side sees it and runs its own machine (machines/reviews/reviewWindowMachine.ts).
 */
import type { InspectionEvent } from 'xstate';
import type { ReviewSide } from '../../../shared/reviews';
import { ReviewWindowView } from './ReviewWindowView';
import { useReviewWindow } from './useReviewWindow';

export interface ReviewWindowProps {
  engagementId: string;
  side: ReviewSide;
  /** The level of the window's heading in the page around it (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** XState inspection (the view test records the transitions taken). */
  inspect?: (event: InspectionEvent) => void;
}

export function ReviewWindow({ engagementId, side, headingLevel, inspect }: ReviewWindowProps) {
  const { view, send } = useReviewWindow(engagementId, side, inspect);
  return <ReviewWindowView view={view} send={send} headingLevel={headingLevel} />;
}
