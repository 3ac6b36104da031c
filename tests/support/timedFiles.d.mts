/** tests/support/timedFiles.mjs: the API test files that bound a duration measured on this host. */
export declare const TIMED_API_FILES: string[];
