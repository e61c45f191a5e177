// The worker list on desktop. Ant Design's Table rather than ui/DataTable: this list needs sortable
// headers (with aria-sort) and row selection with select-all, which Table does well; it loads only
// with this page. Sorting is the server's (the list is paged there), so the table is controlled.
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLUMN_SORTS, filtersToParams, sortedColumn, type MinerFilters, type SortableColumn } from '../lib/miner-query';
import type { MinerRow } from '../mining.api';
import { StatusTag } from '../../../ui/StatusTag';
import { renderWorkerField, WORKER_FIELDS } from './worker-fields';

export interface WorkerListProps {
  coin: string;
  rows: readonly MinerRow[];
  loading: boolean;
  filters: MinerFilters;
  timezone: string;
  onSort: (column: SortableColumn) => void;
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  groupName: (id: number | null) => string;
}

const isSortable = (key: unknown): key is SortableColumn => typeof key === 'string' && key in COLUMN_SORTS;
const NUMERIC: ReadonlySet<string> = new Set(['accept_15m', 'accept_1h', 'accept_24h', 'reject_rate']);

export function WorkerTable({ coin, rows, loading, filters, timezone, onSort, selected, onSelect, groupName }: WorkerListProps) {
  const { t } = useTranslation('pool');
  const sorted = sortedColumn(filters.sort);
  // The detail's "back" returns to this very list: its filters and page travel in the link.
  const fieldContext = { coin, timezone, list: filtersToParams(filters).toString() };
  const columns: TableColumnsType<MinerRow> = [
    ...WORKER_FIELDS.map((field) => ({
      key: field,
      title: field === 'last_share_time' ? t('fields.last_share_time_tz', { timezone }) : t(`fields.${field}`),
      align: NUMERIC.has(field) ? ('right' as const) : undefined,
      sorter: true,
      sortOrder: sorted === field ? (filters.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: MinerRow) => renderWorkerField(field, row, fieldContext),
    })),
    { key: 'group', title: t('fields.group'), render: (_: unknown, row: MinerRow) => groupName(row.group_id) },
    { key: 'status', title: t('fields.status'), render: (_: unknown, row: MinerRow) => <StatusTag status={row.status} /> },
  ];
  return (
    <Table<MinerRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={false}
      showSorterTooltip={false}
      scroll={{ x: 'max-content' }}
      rowSelection={{ selectedRowKeys: [...selected], onChange: (keys) => onSelect(keys.map(Number)) }}
      // Every click on a header asks nextSort() what comes next: the server always sorts by
      // something, so Ant Design's third "unsorted" state never applies.
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const column = Array.isArray(sorter) ? sorter[0]?.columnKey : sorter.columnKey;
        if (isSortable(column)) onSort(column);
      }}
      locale={{ emptyText: t('workers.empty_filtered') }}
    />
  );
}
