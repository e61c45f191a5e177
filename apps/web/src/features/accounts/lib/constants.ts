// Constants of the account screens.

/** Page size of every list (docs/rules.md, Limits and constants). */
export const PAGE_SIZE = 10;
