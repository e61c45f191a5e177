// Time limits of the API client (docs/rules.md, Limits and constants), apart so that modules without network code
// (the refresh lock) can use them.

/** A call without an answer after this long has failed. */
export const API_TIMEOUT_MS = 20_000;
