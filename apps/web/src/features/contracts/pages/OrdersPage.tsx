// /contract/order (contract.view): the user's contract orders, newest first, filtered by status;
// a row opens the order.
import { useState } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTRACT_ORDER_STATUSES, formatDateTime, type ContractOrderStatus } from '@hashpool/shared';
import { useMine } from '../../../shell/session/user.queries';
import { useSafeNavigate } from '../../../shell/navigation/navigation';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph } from '../../../ui/Text';
import type { Order } from '../contracts.api';
import { CONTRACT_PAGE_SIZE, useOrders } from '../contracts.queries';
import { coinSymbol, ContractFrame, contractPaths, hashrateText, OrderStatusTag } from '../components/ContractParts';

export default function OrdersPage() {
  const { t } = useTranslation('contracts');
  const timezone = useMine().data?.timezone ?? 'UTC+00:00';
  const navigate = useSafeNavigate();
  const [status, setStatus] = useState<ContractOrderStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const orders = useOrders({ page, status: status === 'all' ? undefined : status });
  const columns: DataColumn<Order>[] = [
    { key: 'time', title: t('orders.columns.time'), render: (o) => formatDateTime(o.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'product', title: t('orders.columns.product'), render: (o) => o.product_name },
    { key: 'hashrate', title: t('orders.columns.hashrate'), render: (o) => `${coinSymbol(o.coin)} · ${hashrateText(o.total_hashrate, o.hashrate_unit)}` },
    { key: 'amount', title: t('orders.columns.amount'), align: 'right', render: (o) => `${o.pay_amount} ${o.pay_currency}` },
    { key: 'profit', title: t('orders.columns.profit'), align: 'right', render: (o) => `${o.total_profit} ${coinSymbol(o.coin)}` },
    { key: 'status', title: t('orders.columns.status'), render: (o) => <OrderStatusTag status={o.status} /> },
  ];
  return (
    <ContractFrame title={t('orders.title')}>
      <Panel>
        <Flex vertical gap={12}>
          <Select
            aria-label={t('orders.filter')}
            style={{ width: 200 }}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={[{ value: 'all', label: t('orders.all') }, ...CONTRACT_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
          {!orders.data ? (
            orders.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
          ) : (
            <>
              <ResponsiveTable rows={orders.data.list} rowKey={(o) => o.id} columns={columns} caption={t('orders.title')} empty={t('orders.empty')} onRowClick={(o) => navigate(contractPaths.order(o.id))} cardTestId="contract-order" />
              <Pager page={page} total={orders.data.total} onChange={setPage} pageSize={CONTRACT_PAGE_SIZE} />
            </>
          )}
        </Flex>
      </Panel>
    </ContractFrame>
  );
}
