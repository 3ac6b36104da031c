/**
 * Job Success, the formula alone (src/shared/jobSuccess.ts, docs/companies.md, "Job Success"): pure, no
 * database. Good = a rehire, or a company rating of 4-5 without an early end by the company;
 * counted = a published company review, an early end by the company, or a rehire; the score is
 * round(100 × good ÷ counted), shown only from 3 reviewed jobs ("New rider" before).
 */
import { describe, expect, it } from 'vitest';
import { computeJobSuccess, JOB_SUCCESS_MIN_REVIEWED, jobSuccessWindowStart, type EngagementOutcome } from '../../src/shared/jobSuccess';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

/** A job of two months (well past the shortest that counts) unless told otherwise. */
function job(overrides: Partial<EngagementOutcome> = {}): EngagementOutcome {
  const endedAt = overrides.endedAt ?? new Date(NOW.getTime() - 30 * DAY);
  return { endedAt, startedAt: new Date(endedAt.getTime() - 60 * DAY), companyRating: 5, endedEarlyByCompany: false, rehired: false, ...overrides };
}

const rated = (...ratings: number[]) => ratings.map((companyRating) => job({ companyRating }));

describe('computeJobSuccess', () => {
  it('is "New rider" (null) with no jobs, and with fewer than 3 reviewed jobs however good', () => {
    expect(computeJobSuccess([], NOW)).toEqual({ score: null, jobs: 0, reviewed: 0 });
    expect(computeJobSuccess(rated(5), NOW)).toEqual({ score: null, jobs: 1, reviewed: 1 });
    expect(computeJobSuccess(rated(5, 5), NOW)).toEqual({ score: null, jobs: 2, reviewed: 2 });
    expect(JOB_SUCCESS_MIN_REVIEWED).toBe(3);
  });

  it('needs 3 REVIEWED jobs: an early end or a rehire without a published review counts as a job, not as reviewed', () => {
    const outcomes = [...rated(5, 5), job({ companyRating: null, endedEarlyByCompany: true }), job({ companyRating: null, rehired: true })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: null, jobs: 4, reviewed: 2 });
  });

  it('3 good reviewed jobs make 100', () => {
    expect(computeJobSuccess(rated(5, 4, 5), NOW)).toEqual({ score: 100, jobs: 3, reviewed: 3 });
  });

  it('a 3 counts in the total but is not good', () => {
    expect(computeJobSuccess(rated(5, 5, 3), NOW)).toEqual({ score: 67, jobs: 3, reviewed: 3 });
  });

  it('a 1 or a 2 is bad', () => {
    expect(computeJobSuccess(rated(5, 5, 2), NOW).score).toBe(67);
    expect(computeJobSuccess(rated(5, 1, 2), NOW).score).toBe(33);
    expect(computeJobSuccess(rated(1, 1, 1), NOW).score).toBe(0);
  });

  it('an early end by the company is bad even with 5 stars', () => {
    const outcomes = [...rated(5, 5), job({ companyRating: 5, endedEarlyByCompany: true })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 67, jobs: 3, reviewed: 3 });
  });

  it('an early end with no review still counts against the score', () => {
    const outcomes = [...rated(5, 5, 5), job({ companyRating: null, endedEarlyByCompany: true })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 75, jobs: 4, reviewed: 3 });
  });

  it('a rehire is good, whatever the rating or the early end', () => {
    const outcomes = [...rated(5, 5), job({ companyRating: 2, endedEarlyByCompany: true, rehired: true })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 100, jobs: 3, reviewed: 3 });
    const unreviewed = [...rated(5, 5, 3), job({ companyRating: null, rehired: true })];
    expect(computeJobSuccess(unreviewed, NOW)).toEqual({ score: 75, jobs: 4, reviewed: 3 });
  });

  it('a job with no published review, no early end and no rehire is not counted at all', () => {
    const outcomes = [...rated(5, 5, 5), job({ companyRating: null })];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 100, jobs: 3, reviewed: 3 });
  });

  it('only jobs that ended in the last 24 months count (the window start is included, the future is not)', () => {
    const since = jobSuccessWindowStart(NOW);
    expect(since.toISOString()).toBe('2024-11-22T12:00:00.000Z');
    const outcomes = [
      ...rated(5, 5),
      job({ endedAt: since, companyRating: 5 }),
      job({ endedAt: new Date(since.getTime() - 1), companyRating: 1 }),
      job({ endedAt: new Date(NOW.getTime() - 3 * 365 * DAY), companyRating: 1 }),
      job({ endedAt: new Date(NOW.getTime() + DAY), companyRating: 1 }),
    ];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 100, jobs: 3, reviewed: 3 });
    // Two old good jobs do not lift a new rider over the bar.
    const old = [...rated(5), job({ endedAt: new Date(since.getTime() - DAY) }), job({ endedAt: new Date(since.getTime() - DAY) })];
    expect(computeJobSuccess(old, NOW)).toEqual({ score: null, jobs: 1, reviewed: 1 });
  });

  it("the worked example of docs/companies.md: 57% from 7 jobs", () => {
    const outcomes = [
      job({ companyRating: 5 }), // A Lekki Bakes: good
      job({ companyRating: 4 }), // B Yaba Foods: good
      job({ companyRating: 3 }), // C Ikeja Pharmacy: counted, not good
      job({ companyRating: 2, rehired: true }), // D Surulere Shoes, hired again: good
      job({ companyRating: 5 }), // E Surulere Shoes again: good
      job({ companyRating: 5, endedEarlyByCompany: true }), // F Ajah Grocers, ended early: bad
      job({ companyRating: null, endedEarlyByCompany: true }), // G Oshodi Prints, ended early, no review: bad
      job({ companyRating: null, endedAt: new Date(NOW.getTime() - 3 * DAY) }), // H reviews not published yet: not counted
      job({ companyRating: 1, endedAt: new Date(NOW.getTime() - 30 * 30 * DAY) }), // I 30 months ago: outside the window
    ];
    expect(computeJobSuccess(outcomes, NOW)).toEqual({ score: 57, jobs: 7, reviewed: 6 });
  });

  it('rounds to the nearest whole percent', () => {
    // 2 of 3 = 66.67 → 67; 1 of 3 = 33.33 → 33; 5 of 8 = 62.5 → 63; 7 of 9 = 77.78 → 78.
    expect(computeJobSuccess(rated(5, 5, 1), NOW).score).toBe(67);
    expect(computeJobSuccess(rated(5, 1, 1), NOW).score).toBe(33);
    expect(computeJobSuccess(rated(5, 5, 5, 5, 5, 1, 1, 3), NOW).score).toBe(63);
    expect(computeJobSuccess(rated(5, 5, 5, 5, 5, 5, 5, 2, 3), NOW)).toEqual({ score: 78, jobs: 9, reviewed: 9 });
  });
});
