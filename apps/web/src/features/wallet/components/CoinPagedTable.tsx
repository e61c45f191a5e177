// A wallet list filtered by coin and read a page at a time (deposits, withdrawals): the coin
// filter (a new coin starts again at page 1), the table or its loading and failed states, the pager.
import { useState } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph } from '../../../ui/Text';
import { PAGE_SIZE } from '../lib/constants';
import { CoinFilter } from './CoinFilter';

export interface CoinPageQuery {
  page: number;
  page_size: number;
  coin?: string;
}

interface CoinPagedTableProps<T> {
  /** The list's query hook; the same hook on every render. */
  useRows: (query: CoinPageQuery) => { data?: { list: T[]; total: number }; isError: boolean };
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  caption: string;
  empty: string;
  cardTestId: string;
}

export function CoinPagedTable<T>({ useRows, columns, rowKey, caption, empty, cardTestId }: CoinPagedTableProps<T>) {
  const { t } = useTranslation('wallet');
  const [coin, setCoin] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const rows = useRows({ page, page_size: PAGE_SIZE, ...(coin ? { coin } : {}) });
  const data = rows.data;
  return (
    <Flex vertical gap={16}>
      <CoinFilter
        value={coin}
        onChange={(next) => {
          setCoin(next);
          setPage(1);
        }}
      />
      {!data ? (
        rows.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={data.list} rowKey={rowKey} columns={columns} caption={caption} empty={empty} cardTestId={cardTestId} />
      )}
      <Pager page={page} total={data?.total ?? 0} onChange={setPage} />
    </Flex>
  );
}
