/**
 * Job Success cannot be made in minutes (src/shared/jobSuccess.ts, docs/companies.md "No score in
 * minutes"): a job shorter than 7 days counts only when the company ended it early. Pure.
 */
import { describe, expect, it } from 'vitest';
import {
  computeJobSuccess,
  engagementStartedAt,
  JOB_SUCCESS_MIN_DAYS,
  lastedLongEnough,
  type EngagementOutcome,
} from '../../src/shared/jobSuccess';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;

/** A job rated 5 that ended a month ago and lasted `ms`. */
function lasting(ms: number, overrides: Partial<EngagementOutcome> = {}): EngagementOutcome {
  const endedAt = new Date(NOW.getTime() - 30 * DAY);
  return { endedAt, startedAt: new Date(endedAt.getTime() - ms), companyRating: 5, endedEarlyByCompany: false, rehired: false, ...overrides };
}

describe('no score in minutes', () => {
  it('three 5-star jobs of a few minutes each make no score and count as nothing', () => {
    const quick = [lasting(5 * MINUTE), lasting(10 * MINUTE), lasting(2 * DAY)];
    expect(computeJobSuccess(quick, NOW)).toEqual({ score: null, jobs: 0, reviewed: 0 });
  });

  it('a job counts from exactly 7 days; one minute less does not', () => {
    expect(JOB_SUCCESS_MIN_DAYS).toBe(7);
    const week = 7 * DAY;
    expect(computeJobSuccess([lasting(week), lasting(week), lasting(week)], NOW)).toEqual({ score: 100, jobs: 3, reviewed: 3 });
    expect(computeJobSuccess([lasting(week), lasting(week), lasting(week - MINUTE)], NOW)).toEqual({ score: null, jobs: 2, reviewed: 2 });
  });

  it('a short job the company ended early still counts against the rider', () => {
    const outcomes = [lasting(30 * DAY), lasting(30 * DAY), lasting(30 * DAY), lasting(MINUTE, { endedEarlyByCompany: true, companyRating: null })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 75, jobs: 4, reviewed: 3 });
  });

  it('a short job is not rescued by a rehire', () => {
    const outcomes = [lasting(30 * DAY), lasting(30 * DAY), lasting(30 * DAY), lasting(DAY, { companyRating: 1, rehired: true })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 100, jobs: 3, reviewed: 3 });
  });

  it('the work begins at the later of the start date (midnight in Lagos) and the acceptance', () => {
    const accepted = new Date('2026-11-01T09:30:00Z');
    // Start date before the acceptance: the acceptance.
    expect(engagementStartedAt('2026-10-30', accepted).toISOString()).toBe(accepted.toISOString());
    // Start date after it: that day's midnight in Lagos (23:00 UTC the day before).
    expect(engagementStartedAt('2026-11-10', accepted).toISOString()).toBe('2026-11-09T23:00:00.000Z');
    expect(engagementStartedAt('2026-11-10', null).toISOString()).toBe('2026-11-09T23:00:00.000Z');
    // Accepted a month early for a job that starts on the 10th and ended on the 12th: 2 days, not counted.
    const ended = new Date('2026-11-12T18:00:00Z');
    expect(lastedLongEnough({ startedAt: engagementStartedAt('2026-11-10', new Date('2026-10-10T08:00:00Z')), endedAt: ended, endedEarlyByCompany: false })).toBe(false);
    expect(lastedLongEnough({ startedAt: engagementStartedAt('2026-11-01', new Date('2026-10-10T08:00:00Z')), endedAt: ended, endedEarlyByCompany: false })).toBe(true);
  });
});
