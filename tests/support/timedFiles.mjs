// The API test files that bound a duration measured on this host (an event loop's delay, a
// response time against a known one, a photo processed within five seconds). A busy host fails
// them: npm test never runs them beside another layer (scripts/test.mjs), and each gets a fresh
// worker (vitest.config.ts), never one that earlier files left timers or open databases in.
export const TIMED_API_FILES = [
  'tests/server/passwords.test.ts',
  'tests/server/forgotTiming.test.ts',
  'tests/server/auth.test.ts',
  'tests/server/signupUploads.test.ts',
];
