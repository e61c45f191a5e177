// How each field of a worker row is shown (docs/rules.md, Entities: a worker's row), shared by the table and
// the phone cards so both say the same thing the same way.
import type { ReactNode } from 'react';
import { formatDateTime, formatHashrate } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import { poolPaths } from '../lib/constants';
import { formatPercent } from '../lib/format';
import type { SortableColumn } from '../lib/miner-query';
import type { MinerRow } from '../mining.api';

export type WorkerField = SortableColumn;

export const WORKER_FIELDS: readonly WorkerField[] = ['worker_name', 'accept_15m', 'accept_1h', 'accept_24h', 'reject_rate', 'last_share_time'];

/** `list`: the worker list's query string (filters and page), carried to the detail so its "back" returns there. */
export function renderWorkerField(field: WorkerField, row: MinerRow, ctx: { coin: string; timezone: string; list?: string }): ReactNode {
  switch (field) {
    case 'worker_name':
      return (
        <SafeLink to={poolPaths.minerDetail(ctx.coin, row.id, ctx.list)} style={{ fontWeight: 600, wordBreak: 'break-all' }}>
          {row.worker_name}
        </SafeLink>
      );
    case 'accept_15m':
      return formatHashrate(row.accept_15m.value);
    case 'accept_1h':
      return formatHashrate(row.accept_1h.value);
    case 'accept_24h':
      return formatHashrate(row.accept_24h.value);
    case 'reject_rate':
      return formatPercent(row.reject_rate);
    case 'last_share_time':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.last_share_time, ctx.timezone)}</span>;
  }
}
