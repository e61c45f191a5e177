// The paging figures of the lists (docs/rules.md, Limits and constants), apart from the pager component so that
// plain modules (query builders, unit-tested helpers) can use them without React or Ant Design.

/** Rows per page of a list unless it says otherwise. */
export const PAGE_SIZE = 10;

/**
 * Page buttons the pager shows at most: Ant Design's Pagination with `showLessItems` shows the
 * first, the last and the current page with one neighbour each side, which is five.
 */
export const PAGER_COUNT = 5;
