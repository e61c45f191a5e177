// Constants of the account screens.

/** Page size of every list (SPEC.md section 9). */
export const PAGE_SIZE = 10;
