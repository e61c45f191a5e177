// The worker list's address state and the mapping of table columns to the API's sorts.
import { describe, expect, it } from 'vitest';
import { MINER_SORTS } from '@hashpool/shared';
import {
  COLUMN_SORTS,
  DEFAULT_FILTERS,
  filtersToParams,
  minerListQuery,
  nextSort,
  parseFilters,
  sortedColumn,
  updateFilters,
  workerIdOf,
} from '../src/features/mining/lib/miner-query';

const parse = (search: string) => parseFilters(new URLSearchParams(search));

describe('worker list filters in the address', () => {
  it('reads the defaults from an empty address and writes nothing for them', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads a full address and writes it back', () => {
    const search = 'status=inactive&group=3&search=s19&sort=workerName&order=asc&page=2';
    expect(parse(search)).toEqual({ status: 'inactive', group: 3, search: 's19', sort: 'workerName', order: 'asc', page: 2 });
    expect(filtersToParams(parse(search)).toString()).toBe(search);
  });

  it('falls back to defaults for values the server would refuse', () => {
    expect(parse('status=sleeping&group=-1&sort=power&order=up&page=0')).toEqual(DEFAULT_FILTERS);
    expect(parse('group=default').group).toBe('default');
    expect(parse('group=1.5').group).toBe('all');
    expect(parse(`search=${'a'.repeat(80)}`).search).toHaveLength(64);
  });

  it('starts again on page 1 when anything but the page changes', () => {
    const on3 = { ...DEFAULT_FILTERS, page: 3 };
    expect(updateFilters(on3, { status: 'dead' }).page).toBe(1);
    expect(updateFilters(on3, { page: 4 }).page).toBe(4);
  });

  it('builds the API query with page size 10 and without the "all" group', () => {
    expect(minerListQuery(DEFAULT_FILTERS)).toEqual({ status: 'all', sort: 'now', order: 'desc', page: 1, page_size: 10 });
    expect(minerListQuery({ ...DEFAULT_FILTERS, group: 'default', search: 'k1' })).toMatchObject({ group: 'default', search: 'k1' });
    expect(minerListQuery({ ...DEFAULT_FILTERS, group: 7 })).toMatchObject({ group: '7' });
  });
});

describe('sorting', () => {
  it('maps every sortable column to one of the API sorts, each used once', () => {
    expect(Object.values(COLUMN_SORTS).sort()).toEqual([...MINER_SORTS].sort());
    for (const sort of MINER_SORTS) expect(COLUMN_SORTS[sortedColumn(sort)]).toBe(sort);
  });

  it('sorts a new column in its natural direction and flips the same one', () => {
    expect(nextSort({ sort: 'now', order: 'desc' }, 'worker_name')).toEqual({ sort: 'workerName', order: 'asc' });
    expect(nextSort({ sort: 'workerName', order: 'asc' }, 'worker_name')).toEqual({ sort: 'workerName', order: 'desc' });
    expect(nextSort({ sort: 'workerName', order: 'asc' }, 'accept_24h')).toEqual({ sort: '24h', order: 'desc' });
    expect(nextSort({ sort: '24h', order: 'desc' }, 'accept_24h')).toEqual({ sort: '24h', order: 'asc' });
    expect(nextSort({ sort: 'now', order: 'desc' }, 'last_share_time')).toEqual({ sort: 'lastShare', order: 'desc' });
  });
});

describe('worker detail id', () => {
  it('takes positive whole numbers only', () => {
    expect(workerIdOf(new URLSearchParams('id=12'))).toBe(12);
    for (const bad of ['', 'id=', 'id=0', 'id=-3', 'id=1.5', 'id=abc']) expect(workerIdOf(new URLSearchParams(bad))).toBeNull();
  });
});
