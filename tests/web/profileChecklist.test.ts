/**
 * The profile checklist's one pure function (src/shared/profileChecklist.ts): what a
 * profile the API answers still lacks, item by item, and the progress the dashboard shows.
 */
import { describe, expect, it } from 'vitest';
import { checklistModals } from '../../machines/profile/profileModals';
import { profileChecklist, type ChecklistItemStatus } from '../../src/shared/profileChecklist';
import type { IdReviewStatus, Profile } from '../../src/shared/profile';
import { fullRider, newRider, riderWithReview } from '../../storybook/support/profileSnapshots';

const statuses = (profile: Profile) => Object.fromEntries(profileChecklist(profile).items.map((item) => [item.key, item.status]));

describe('profile checklist', () => {
  it('lists the six items in order, all to do for a rider who has just signed up', () => {
    const checklist = profileChecklist(newRider);
    expect(checklist.items.map((item) => item.key)).toEqual(['picture', 'introduction', 'bio', 'workHistory', 'id', 'languages']);
    expect(checklist.items.every((item) => item.status === 'todo')).toBe(true);
    expect(checklist).toMatchObject({ done: 0, total: 6, complete: false });
  });

  it('is complete for a profile with a picture, text, work history, languages and an approved ID', () => {
    const rider: Profile = { ...fullRider, user: { ...fullRider.user, picture: { url: '/files/picture' } } };
    expect(profileChecklist(rider)).toMatchObject({ done: 6, total: 6, complete: true });
  });

  it('counts blank text as missing and each filled item as done', () => {
    const partial: Profile = {
      ...newRider,
      user: { ...newRider.user, introduction: '   ', bio: 'Safe and on time.' },
      personalInfo: { ...fullRider.personalInfo!, valid_id: null, id_review_status: 'none', languages_spoken: 'English' },
      workHistories: fullRider.workHistories,
    };
    expect(statuses(partial)).toEqual({ picture: 'todo', introduction: 'todo', bio: 'done', workHistory: 'done', id: 'todo', languages: 'done' });
    expect(profileChecklist(partial)).toMatchObject({ done: 3, complete: false });
  });

  const idCases: Array<[IdReviewStatus, ChecklistItemStatus, boolean]> = [
    ['none', 'todo', false],
    ['pending', 'waiting', false],
    ['approved', 'done', false],
    ['rejected', 'todo', true],
  ];
  for (const [review, status, rejected] of idCases) {
    it(`reads the ID check '${review}' as ${status}${rejected ? ' (upload again)' : ''}`, () => {
      const item = profileChecklist(riderWithReview(review, 'Blurred')).items.find((i) => i.key === 'id')!;
      expect(item.status).toBe(status);
      expect(Boolean(item.rejected)).toBe(rejected);
    });
  }

  it('never counts an ID awaiting its check as done, nor as missing', () => {
    const checklist = profileChecklist(riderWithReview('pending'));
    // fullRider has no picture: picture to do, ID waiting, four done.
    expect(checklist).toMatchObject({ done: 4, complete: false });
    expect(checklist.items.filter((i) => i.status === 'todo').map((i) => i.key)).toEqual(['picture']);
  });

  it('takes each item to the modal that edits it', () => {
    expect(checklistModals).toEqual({
      picture: 'picture',
      introduction: 'profile',
      bio: 'bio',
      workHistory: 'addWorkHistory',
      id: 'personalInfo',
      languages: 'personalInfo',
    });
  });
});
