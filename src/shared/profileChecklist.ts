/**
 * The rider dashboard's profile checklist: what a rider's profile still lacks, read
 * from the profile GET /api/users/profile answers. One pure function, used by the dashboard and
 * checked against the server's rider card (tests/server/profileChecklist.test.ts).
 *
 * It is not the server's "complete": profile_completed (sign-up finished) is what lists a rider
 * in company search (domain/riderCards.ts), and a listed rider may still have every item here
 * to do. Each item is a fact of the rider card that companies search or filter on: the picture,
 * the introduction and bio and work history (free text), the languages (a filter) and a checked
 * ID (the "ID verified" filter, true only when staff approved it).
 *
 * The ID: 'todo' with no document (or a rejected one: the rider must upload again), 'waiting'
 * when uploaded and not yet checked (nothing for the rider to do, never shown as missing), and
 * 'done' only once staff approved it, as the card's id_verified.
 */
import type { Profile } from './profile';

export const CHECKLIST_ITEMS = ['picture', 'introduction', 'bio', 'workHistory', 'id', 'languages'] as const;
export type ChecklistItemKey = (typeof CHECKLIST_ITEMS)[number];

export type ChecklistItemStatus = 'done' | 'todo' | 'waiting';

export interface ChecklistItem {
  key: ChecklistItemKey;
  status: ChecklistItemStatus;
  /** Only the ID: the staff rejected the documents (the rider uploads again). */
  rejected?: boolean;
}

export interface ProfileChecklist {
  items: ChecklistItem[];
  done: number;
  total: number;
  /** Every item done. */
  complete: boolean;
}

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

function idItem(profile: Profile): ChecklistItem {
  const info = profile.personalInfo;
  const status = info?.id_review_status ?? 'none';
  const uploaded = Boolean(info?.valid_id || info?.rider_id_card);
  if (status === 'approved') return { key: 'id', status: 'done' };
  if (status === 'rejected') return { key: 'id', status: 'todo', rejected: true };
  if (status === 'pending' || uploaded) return { key: 'id', status: 'waiting' };
  return { key: 'id', status: 'todo' };
}

/** What the profile has and lacks, in the order the dashboard lists it. */
export function profileChecklist(profile: Profile): ProfileChecklist {
  const { user, personalInfo, workHistories } = profile;
  const has: Record<Exclude<ChecklistItemKey, 'id'>, boolean> = {
    picture: user.picture !== null && user.picture !== undefined,
    introduction: filled(user.introduction),
    bio: filled(user.bio),
    workHistory: workHistories.length > 0,
    languages: filled(personalInfo?.languages_spoken),
  };
  const items = CHECKLIST_ITEMS.map((key): ChecklistItem => (key === 'id' ? idItem(profile) : { key, status: has[key] ? 'done' : 'todo' }));
  const done = items.filter((item) => item.status === 'done').length;
  return { items, done, total: items.length, complete: done === items.length };
}

/** What the checklist card shows; each has a story (storybook/stories/RiderDashboard.stories.tsx). */
export const CHECKLIST_VIEW_STATES = ['empty', 'partial', 'idAwaitingCheck', 'complete'] as const;
export type ChecklistViewState = (typeof CHECKLIST_VIEW_STATES)[number];

export function checklistViewState(checklist: ProfileChecklist): ChecklistViewState {
  if (checklist.complete) return 'complete';
  if (checklist.items.some((item) => item.status === 'waiting')) return 'idAwaitingCheck';
  return checklist.done === 0 ? 'empty' : 'partial';
}
