// A list of records as a table on desktop and as cards on phones, from one set of columns: each
// card shows every column as "title: value", so a phone sees the same facts without scrolling
// sideways. Rows may lead somewhere (a fund detail) on both.
import type { Key, ReactNode } from 'react';
import { Flex } from 'antd';
import { DataTable, type DataColumn } from './DataTable';
import { Panel } from './Panel';
import { Paragraph, Text } from './Text';
import { useIsMobile } from './responsive';

interface ResponsiveTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: readonly DataColumn<T>[];
  caption: string;
  empty: ReactNode;
  onRowClick?: (row: T) => void;
  /** data-testid of each card (phones), for tests that look for one record. */
  cardTestId?: string;
}

export function ResponsiveTable<T>({ rows, rowKey, columns, caption, empty, onRowClick, cardTestId }: ResponsiveTableProps<T>) {
  const isMobile = useIsMobile();
  if (rows.length === 0) {
    return (
      <Paragraph tone="secondary" style={{ padding: '24px 0', margin: 0, textAlign: 'center' }}>
        {empty}
      </Paragraph>
    );
  }
  if (!isMobile) return <DataTable rows={rows} rowKey={rowKey} columns={columns} caption={caption} onRowClick={onRowClick} />;
  return (
    <Flex vertical gap={12} role="list" aria-label={caption}>
      {rows.map((row) => (
        <Panel
          key={rowKey(row)}
          padding={16}
          role="listitem"
          data-testid={cardTestId}
          hoverable={!!onRowClick}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
        >
          <Flex vertical gap={6}>
            {columns.map((column) => (
              <Flex key={column.key} justify="space-between" align="center" gap={12} wrap>
                {column.title && <Text tone="secondary">{column.title}</Text>}
                <span style={{ marginInlineStart: 'auto', textAlign: 'end', minWidth: 0 }}>{column.render(row)}</span>
              </Flex>
            ))}
          </Flex>
        </Panel>
      ))}
    </Flex>
  );
}
