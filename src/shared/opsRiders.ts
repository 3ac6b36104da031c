/**
 * The console's riders: the shapes of /api/ops/riders… and the limits of its inputs,
 * shared by the API and the console. The ID review's lifecycle (DESIGN.md §10):
 * none → pending on upload → approved | rejected; a new upload makes it pending again.
 */
import { messages } from './messages';
import { ID_REVIEW_STATUSES, type IdReviewStatus, type PastEmployee, type ProfileUser, type WorkHistory } from './profile';

export { ID_REVIEW_STATUSES, type IdReviewStatus };

export const ID_REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type IdReviewDecision = (typeof ID_REVIEW_DECISIONS)[number];

/** A rejection's reason is shown to the rider (dashboard and e-mail); a suspension's to staff. */
export const REVIEW_REASON_MAX = 500;
export const SUSPEND_REASON_MAX = 500;
export const RIDER_SEARCH_MAX = 100;

/** The ID check's status as the console shows it (the texts live in the message catalogue). */
export const idReviewLabels: Record<IdReviewStatus, string> = messages.opsIdReviewStatus;

export interface OpsRiderListItem {
  id: string;
  username: string;
  email: string;
  state: string | null;
  town: string | null;
  completed: boolean;
  idReviewStatus: IdReviewStatus;
  suspended: boolean;
  createdAt: string;
}

/** The list's query string: all optional; `cursor` is the previous page's `next`. */
export interface OpsRiderQuery {
  q?: string;
  completed?: 'yes' | 'no';
  review?: IdReviewStatus;
  suspended?: 'yes' | 'no';
  cursor?: string;
}

export interface OpsRiderDocument {
  id: string;
  kind: 'valid_id' | 'rider_id_card';
  contentType: string;
  extension: string;
  originalName: string;
  size: number;
  uploadedAt: string;
}

/**
 * A rider's whole profile for staff. Username, e-mail, contact, introduction, bio and picture
 * (its url relative to the API base) are as the rider's own profile gives them.
 */
export interface OpsRiderDetail
  extends Pick<ProfileUser, 'username' | 'email' | 'phone' | 'address' | 'town' | 'state' | 'introduction' | 'bio' | 'picture'> {
  id: string;
  /** The first and last name as the rider gave them (compared with the ID's), or null. */
  fullName: string | null;
  emailVerified: boolean;
  completed: boolean;
  currentTab: number;
  signIn: { password: boolean; google: boolean };
  createdAt: string;
  personalInfo: { totalYearsOfExperience: string | null; languagesSpoken: string | null; education: string | null } | null;
  workHistories: WorkHistory[];
  pastEmployees: PastEmployee[];
  documents: OpsRiderDocument[];
  review: { status: IdReviewStatus; reason: string | null; reviewedAt: string | null; reviewedBy: string | null };
  suspension: { at: string; reason: string } | null;
}

/** What every rider action answers: its message and the rider as they now are. */
export interface OpsRiderActionResponse {
  message: string;
  rider: OpsRiderDetail;
}
