// The worker list on phones: one card per worker with a checkbox for the batch actions, and the
// sort as a select (there are no column headers to click).
import { Button, Checkbox, Flex, Select, Spin } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { COLUMN_SORTS, filtersToParams, sortedColumn, type SortableColumn } from '../lib/miner-query';
import { StatusTag } from '../../../ui/StatusTag';
import { renderWorkerField, WORKER_FIELDS } from './worker-fields';
import type { WorkerListProps } from './WorkerTable';

export function WorkerCards({ coin, rows, loading, filters, timezone, onSort, selected, onSelect, groupName }: WorkerListProps) {
  const { t } = useTranslation('pool');
  const sorted = sortedColumn(filters.sort);
  const fieldContext = { coin, timezone, list: filtersToParams(filters).toString() };
  // Only ticks on the cards shown count: a worker that left the list (a refresh re-sorted it) is not carried along.
  const shown = selected.filter((id) => rows.some((row) => row.id === id));
  const toggle = (id: number, on: boolean) => onSelect(on ? [...shown, id] : shown.filter((s) => s !== id));
  const allSelected = rows.length > 0 && rows.every((row) => shown.includes(row.id));
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center">
        <Checkbox checked={allSelected} indeterminate={!allSelected && shown.length > 0} onChange={(e) => onSelect(e.target.checked ? rows.map((r) => r.id) : [])} aria-label={t('workers.select_all')} />
        <Select<SortableColumn>
          aria-label={t('workers.sort_by')}
          style={{ flex: 1 }}
          value={sorted}
          // Choosing the current column again would flip it; a select only fires on a change.
          onChange={(column) => onSort(column)}
          options={(Object.keys(COLUMN_SORTS) as SortableColumn[]).map((column) => ({ value: column, label: t(`fields.${column}`) }))}
        />
        <Button
          aria-label={filters.order === 'asc' ? t('workers.order_asc') : t('workers.order_desc')}
          icon={filters.order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
          onClick={() => onSort(sorted)}
        />
      </Flex>
      <Spin spinning={loading}>
        <Flex vertical gap={12}>
          {rows.length === 0 && (
            <Panel padding={16}>
              <Text tone="secondary">{t('workers.empty_filtered')}</Text>
            </Panel>
          )}
          {rows.map((row) => (
            <Panel key={row.id} padding={16}>
              <Flex justify="space-between" align="center" gap={8}>
                <Flex align="center" gap={10} style={{ minWidth: 0 }}>
                  <Checkbox checked={shown.includes(row.id)} onChange={(e) => toggle(row.id, e.target.checked)} aria-label={t('workers.select_one', { name: row.worker_name })} />
                  {renderWorkerField('worker_name', row, fieldContext)}
                </Flex>
                <StatusTag status={row.status} />
              </Flex>
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '6px 12px', marginTop: 10 }}>
                {WORKER_FIELDS.filter((f) => f !== 'worker_name').map((field) => (
                  <Flex key={field} vertical style={{ gridColumn: field === 'last_share_time' ? '1 / -1' : undefined }}>
                    <Text tone="secondary" style={{ fontSize: 12 }}>
                      {field === 'last_share_time' ? t('fields.last_share_time_tz', { timezone }) : t(`fields.${field}`)}
                    </Text>
                    <Text>{renderWorkerField(field, row, fieldContext)}</Text>
                  </Flex>
                ))}
                <Flex vertical style={{ gridColumn: '1 / -1' }}>
                  <Text tone="secondary" style={{ fontSize: 12 }}>
                    {t('fields.group')}
                  </Text>
                  <Text>{groupName(row.group_id)}</Text>
                </Flex>
              </div>
            </Panel>
          ))}
        </Flex>
      </Spin>
    </Flex>
  );
}
