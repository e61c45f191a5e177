// The worker list's filters live in the address (?status=inactive&group=3&sort=workerName...), so
// a reload, the back button and the dashboard's "inactive: 2" link all land on the same list.
// Parsing is forgiving: an unknown value falls back to the default instead of failing the call.
import { MINER_SORTS, WORKER_STATUSES, type WorkerStatus } from '@hashpool/shared';
import { PAGE_SIZE } from './constants';

export type MinerSort = (typeof MINER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';
export type StatusFilter = WorkerStatus | 'all';
/** A group id, the default group, or every group. */
export type GroupFilter = number | 'default' | 'all';

export interface MinerFilters {
  status: StatusFilter;
  group: GroupFilter;
  search: string;
  sort: MinerSort;
  order: SortOrder;
  page: number;
}

/** The server's defaults (minerListQuerySchema): busiest workers first. */
export const DEFAULT_FILTERS: MinerFilters = { status: 'all', group: 'all', search: '', sort: 'now', order: 'desc', page: 1 };

export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...WORKER_STATUSES];

/** The longest search the server accepts. */
export const SEARCH_MAX = 64;

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T => (values as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;

function parseGroup(raw: string | null): GroupFilter {
  if (raw === 'default') return 'default';
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : 'all';
}

export function parseFilters(params: URLSearchParams): MinerFilters {
  const page = Number(params.get('page'));
  return {
    status: oneOf(STATUS_FILTERS, params.get('status'), DEFAULT_FILTERS.status),
    group: parseGroup(params.get('group')),
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    sort: oneOf(MINER_SORTS, params.get('sort'), DEFAULT_FILTERS.sort),
    order: oneOf<SortOrder>(['asc', 'desc'], params.get('order'), DEFAULT_FILTERS.order),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address form of the filters; defaults are left out so the plain list has a plain address. */
export function filtersToParams(filters: MinerFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.status !== DEFAULT_FILTERS.status) out.set('status', filters.status);
  if (filters.group !== DEFAULT_FILTERS.group) out.set('group', String(filters.group));
  if (filters.search) out.set('search', filters.search);
  // Sort and order go together: "desc" alone would mean nothing to a reader of the address.
  if (filters.sort !== DEFAULT_FILTERS.sort || filters.order !== DEFAULT_FILTERS.order) {
    out.set('sort', filters.sort);
    out.set('order', filters.order);
  }
  if (filters.page > 1) out.set('page', String(filters.page));
  return out;
}

/**
 * A change of filters. Anything but the page itself starts again on page 1: page 4 of "all"
 * usually does not exist in "dead".
 */
export function updateFilters(current: MinerFilters, change: Partial<MinerFilters>): MinerFilters {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** The query string of GET /pools/{pool}/accounts/{account}/miners. */
export function minerListQuery(filters: MinerFilters): Record<string, string | number> {
  return {
    status: filters.status,
    ...(filters.group === 'all' ? {} : { group: String(filters.group) }),
    ...(filters.search ? { search: filters.search } : {}),
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    page_size: PAGE_SIZE,
  };
}

/** Table columns that sort, and the API sort each one means. */
export const COLUMN_SORTS = {
  worker_name: 'workerName',
  accept_15m: 'now',
  accept_1h: '1h',
  accept_24h: '24h',
  reject_rate: 'reject',
  last_share_time: 'lastShare',
} as const satisfies Record<string, MinerSort>;
export type SortableColumn = keyof typeof COLUMN_SORTS;

/** The column showing the current sort, for the table's arrow. */
export function sortedColumn(sort: MinerSort): SortableColumn {
  return (Object.keys(COLUMN_SORTS) as SortableColumn[]).find((column) => COLUMN_SORTS[column] === sort)!;
}

/**
 * A click on a column header: a new column sorts in its natural direction first (names A-Z,
 * numbers and times largest or newest first); the same column flips.
 */
export function nextSort(current: Pick<MinerFilters, 'sort' | 'order'>, column: SortableColumn): Pick<MinerFilters, 'sort' | 'order'> {
  const sort = COLUMN_SORTS[column];
  if (sort === current.sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: sort === 'workerName' ? 'asc' : 'desc' };
}

/** The worker of the detail page's ?id=, or null when it is not a positive whole number. */
export function workerIdOf(params: URLSearchParams): number | null {
  const raw = params.get('id');
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : null;
}
