// /contract/order/:orderId/profit (contract.view): the order's daily profit, newest first: output,
// electricity (at the day's price), management fee and net; a day whose output did not cover the
// electricity is marked as a shortfall and credited nothing.
import { useState } from 'react';
import { Alert, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SafeLink } from '../../../shell/navigation/navigation';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { StatusResult } from '../../../ui/StatusResult';
import { Text } from '../../../ui/Text';
import type { ProfitPage as Profits } from '../contracts.api';
import { CONTRACT_PAGE_SIZE, useProfits } from '../contracts.queries';
import { coinSymbol, ContractFrame, contractPaths } from '../components/ContractParts';

type Row = Profits['list'][number];

export default function ProfitPage() {
  const { t } = useTranslation('contracts');
  const { orderId = '' } = useParams();
  const [page, setPage] = useState(1);
  const profits = useProfits(orderId, page);
  const back = (
    <SafeLink to={contractPaths.order(orderId)}>
      <Button>{t('profit.back')}</Button>
    </SafeLink>
  );
  if (profits.isError) return <ContractFrame title={t('profit.title')}><StatusResult status="not-found" title={t('order.not_found')} extra={back} /></ContractFrame>;
  if (!profits.data) return <PageSpinner />;
  const data = profits.data;
  const symbol = coinSymbol(data.coin);
  const columns: DataColumn<Row>[] = [
    { key: 'day', title: t('profit.columns.day'), render: (r) => r.day },
    { key: 'output', title: t('profit.columns.output'), align: 'right', render: (r) => r.output },
    { key: 'electricity', title: t('profit.columns.electricity'), align: 'right', render: (r) => r.electricity },
    { key: 'fee', title: t('profit.columns.fee'), align: 'right', render: (r) => r.fee },
    { key: 'net', title: t('profit.columns.net'), align: 'right', render: (r) => r.net },
    {
      key: 'credited',
      title: t('profit.columns.credited'),
      align: 'right',
      render: (r) => (r.shortfall ? <Tag color="warning">{t('profit.shortfall')}</Tag> : <Text strong>{r.credited}</Text>),
    },
  ];
  return (
    <ContractFrame title={t('profit.title')}>
      <Flex gap={8}>{back}</Flex>
      <Panel>
        <Flex vertical gap={12}>
          <Text strong data-testid="profit-total">{t('profit.total', { amount: data.total_credited, coin: symbol })}</Text>
          <Text tone="secondary">{t('profit.unit', { coin: symbol })}</Text>
          {data.list.some((r) => r.shortfall) && <Alert type="warning" showIcon message={t('profit.shortfall_note')} />}
          <ResponsiveTable rows={data.list} rowKey={(r) => r.day} columns={columns} caption={t('profit.title')} empty={t('profit.empty')} cardTestId="profit-row" />
          <Pager page={page} total={data.total} onChange={setPage} pageSize={CONTRACT_PAGE_SIZE} />
        </Flex>
      </Panel>
    </ContractFrame>
  );
}
