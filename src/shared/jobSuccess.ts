/**
 * Job Success, earned (the formula: docs/companies.md, "Job Success"). Computed by the server from a rider's
 * ended engagements of the last 24 months, stored on the rider's card, and shown the same way on
 * the dashboard, in search results and on the public page.
 *
 * The formula (after Upwork's Job Success Score, which weighs outcomes, not only stars):
 *
 * - A job counts when it ended in the last 24 months and either the company's review of it is
 *   published and visible, or the company ended it early, or the company hired the rider again.
 * - A job is good when the company rated it 4-5 and did not end it early, or when the company
 *   hired the rider again (coming back outweighs a bad day).
 * - A job is bad when the company rated it 1-2 or ended it early, unless it was followed by a
 *   rehire.
 * - A 3 rating with no rehire is neither: it counts in the total, not as good.
 * - No score in minutes: a job that lasted less than 7 days (from the later of its start date and
 *   the rider's acceptance to its end) counts only when the company ended it early. A good
 *   outcome needs a week of real work, and the one-open-request-per-company-and-rider rule keeps
 *   one company to one job at a time; a bad one (an early end) is never hidden by being short.
 * - Score = round(100 × good ÷ counted). Until the rider has 3 reviewed jobs (a published,
 *   visible company review) the score is not shown: "New rider".
 */

const JOB_SUCCESS_WINDOW_MONTHS = 24;
export const JOB_SUCCESS_MIN_REVIEWED = 3;
const GOOD_RATING_MIN = 4;
/** The shortest job that can count (unless the company ended it early). */
export const JOB_SUCCESS_MIN_DAYS = 7;
const DAY_MS = 86_400_000;

/** What the server knows of one ended engagement. */
export interface EngagementOutcome {
  endedAt: Date;
  /** The company's rating when its review is published and not hidden; else null. */
  companyRating: number | null;
  /** The company ended the engagement early. */
  endedEarlyByCompany: boolean;
  /** The same company hired the rider again after this engagement began. */
  rehired: boolean;
  /** When the work began: engagementStartedAt(start date, acceptance). */
  startedAt: Date;
}

/**
 * When an engagement's work began: its start date (midnight in Lagos, UTC+1) or the rider's
 * acceptance, whichever is later.
 */
export function engagementStartedAt(startDate: string, acceptedAt: Date | null): Date {
  const day = new Date(`${startDate}T00:00:00+01:00`);
  return acceptedAt && acceptedAt.getTime() > day.getTime() ? acceptedAt : day;
}

/** The job lasted long enough to count, or the company ended it early (which always counts). */
export function lastedLongEnough(outcome: Pick<EngagementOutcome, 'startedAt' | 'endedAt' | 'endedEarlyByCompany'>): boolean {
  return outcome.endedEarlyByCompany || outcome.endedAt.getTime() - outcome.startedAt.getTime() >= JOB_SUCCESS_MIN_DAYS * DAY_MS;
}

export interface JobSuccess {
  /** 0-100, or null for "New rider". */
  score: number | null;
  /** The jobs the score is based on. */
  jobs: number;
  /** Jobs with a published, visible company review. */
  reviewed: number;
}

/** The start of the window: the same day and time 24 months before now. */
export function jobSuccessWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - JOB_SUCCESS_WINDOW_MONTHS);
  return start;
}

export function computeJobSuccess(outcomes: readonly EngagementOutcome[], now: Date): JobSuccess {
  const since = jobSuccessWindowStart(now).getTime();
  let jobs = 0;
  let good = 0;
  let reviewed = 0;
  for (const outcome of outcomes) {
    const at = outcome.endedAt.getTime();
    if (at < since || at > now.getTime()) continue;
    if (!lastedLongEnough(outcome)) continue;
    const rated = outcome.companyRating !== null;
    if (!rated && !outcome.endedEarlyByCompany && !outcome.rehired) continue;
    jobs += 1;
    if (rated) reviewed += 1;
    if (outcome.rehired || (rated && outcome.companyRating! >= GOOD_RATING_MIN && !outcome.endedEarlyByCompany)) good += 1;
  }
  return {
    score: reviewed >= JOB_SUCCESS_MIN_REVIEWED && jobs > 0 ? Math.round((100 * good) / jobs) : null,
    jobs,
    reviewed,
  };
}
