/**
 * A finished rider's profile as GET /api/users/profile answers it, with nothing filled in beyond
 * sign-up (Lagos, Ikeja): the one fixture the profile and dashboard machines' tests and plans
 * start from; `overrides` change the user's fields.
 */
import type { Profile } from '../../src/shared/profile';
import { NO_DELIVERY_RECORD } from '../../src/shared/deliveries/record';

export const emptyProfile = (overrides: Partial<Profile['user']> = {}): Profile => ({
  user: {
    username: 'ada_rides',
    email: 'ada@example.com',
    phone: null,
    address: null,
    town: 'Ikeja',
    state: 'Lagos',
    introduction: null,
    bio: null,
    picture: null,
    user_type: 1,
    profile_completed: 1,
    current_tab: 5,
    has_password: true,
    ...overrides,
  },
  workHistories: [],
  pastEmployees: [],
  personalInfo: null,
  reputation: { job_success: null, jobs_counted: 0, review_count: 0, rating_average_x100: null, reviewed: 0, ...NO_DELIVERY_RECORD },
});
