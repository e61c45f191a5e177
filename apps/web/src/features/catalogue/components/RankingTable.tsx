// The profitability ranking: every enabled model with its most profitable coin at the user's
// electricity fee, computed by the server from the latest market data; sortable by any column,
// filtered by algorithm and vendor.
import { useMemo, useState } from 'react';
import { Flex, Select, Table, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCoin, formatHashrate } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Text } from '../../../ui/Text';
import type { MinerRankingItem } from '../catalogue.api';
import { useRanking } from '../catalogue.queries';
import { coins, money, useElectricity } from '../lib/money';
import { ElectricityInput } from './ElectricityInput';

const num = (v: number | string | null) => (v === null ? -Infinity : Number(v));

export function RankingTable() {
  const { t } = useTranslation('catalogue');
  const { token } = theme.useToken();
  const { feeUsd, factor, symbol } = useElectricity();
  const ranking = useRanking(feeUsd);
  const [algorithm, setAlgorithm] = useState<string | null>(null);
  const [vendor, setVendor] = useState<string | null>(null);
  const rows = useMemo(() => (ranking.data?.list ?? []).filter((m) => (!algorithm || m.algorithm === algorithm) && (!vendor || m.vendor === vendor)), [ranking.data, algorithm, vendor]);

  // On a phone the model, its hashrate and the net profit stay; the other figures show from 768 px.
  const columns: TableColumnsType<MinerRankingItem> = [
    { key: 'model', title: t('columns.model'), sorter: (a, b) => `${a.vendor} ${a.name}`.localeCompare(`${b.vendor} ${b.name}`), render: (_, m) => (
      <SafeLink to={`/miners/detail/${m.id}`}>
        <Text strong>{m.name}</Text> <Text tone="secondary">{m.vendor}</Text>
      </SafeLink>
    ) },
    { key: 'algorithm', title: t('columns.algorithm'), dataIndex: 'algorithm', responsive: ['md'], sorter: (a, b) => a.algorithm.localeCompare(b.algorithm) },
    { key: 'hashrate', title: t('columns.hashrate'), align: 'right', sorter: (a, b) => num(a.hashrate) - num(b.hashrate), render: (_, m) => formatHashrate(Number(m.hashrate)) },
    { key: 'power', title: t('columns.power'), align: 'right', responsive: ['md'], sorter: (a, b) => num(a.power_watts) - num(b.power_watts), render: (_, m) => `${m.power_watts} W` },
    { key: 'coins', title: t('columns.daily_coins'), align: 'right', responsive: ['md'], sorter: (a, b) => num(a.daily_coins) - num(b.daily_coins), render: (_, m) => (m.coin ? `${coins(m.daily_coins)} ${findCoin(m.coin)?.symbol ?? m.coin}` : '--') },
    { key: 'revenue', title: t('columns.revenue'), align: 'right', responsive: ['md'], sorter: (a, b) => num(a.daily_revenue_usd) - num(b.daily_revenue_usd), render: (_, m) => money(m.daily_revenue_usd, factor, symbol) },
    { key: 'electricity', title: t('columns.electricity'), align: 'right', responsive: ['md'], sorter: (a, b) => a.daily_electricity_usd - b.daily_electricity_usd, render: (_, m) => money(m.daily_electricity_usd, factor, symbol) },
    {
      key: 'profit',
      title: t('columns.profit'),
      align: 'right',
      // Pinned to the right edge: on a narrow screen the model scrolls, the net profit stays in view.
      fixed: 'right',
      defaultSortOrder: 'descend',
      sorter: (a, b) => num(a.daily_profit_usd) - num(b.daily_profit_usd),
      render: (_, m) => (
        <Text strong style={m.daily_profit_usd !== null && m.daily_profit_usd < 0 ? { color: token.colorErrorText } : undefined} data-testid="net-profit">
          {money(m.daily_profit_usd, factor, symbol)}
        </Text>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <ElectricityInput />
        <Select<string>
          allowClear
          aria-label={t('filters.algorithm')}
          placeholder={t('filters.algorithm')}
          value={algorithm ?? undefined}
          onChange={(v) => setAlgorithm(v ?? null)}
          style={{ minWidth: 180 }}
          options={(ranking.data?.algorithms ?? []).map((a) => ({ value: a, label: a }))}
        />
        <Select<string>
          allowClear
          aria-label={t('filters.vendor')}
          placeholder={t('filters.vendor')}
          value={vendor ?? undefined}
          onChange={(v) => setVendor(v ?? null)}
          style={{ minWidth: 180 }}
          options={(ranking.data?.vendors ?? []).map((a) => ({ value: a, label: a }))}
        />
      </Flex>
      {!ranking.data ? (
        <PageSpinner />
      ) : (
        <Table<MinerRankingItem> rowKey="id" size="middle" sortDirections={['descend', 'ascend']} columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} showSorterTooltip={false} data-testid="ranking" />
      )}
      <Text tone="secondary">{t('ranking.note')}</Text>
    </Flex>
  );
}
