// Each payout method's earnings per unit of hashrate (GET /pools/{pool}/accounts/{account}/profits
// /unit/hashrates): one row per settled day of the last 30, one column per method, so a user can
// compare the methods before switching. PPS+ and FPPS as settled, PPLNS and SOLO as their long-run
// expectation (the server's rule). Shown below the payout-method section it informs.
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAY_METHOD_LABELS, PAY_METHODS, type CoinInfo, type PayMethod } from '@hashpool/shared';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import type { UnitProfitList } from '../earnings.api';
import { useUnitHashrates } from '../earnings.queries';
import { formatUnitAmount } from '../lib/profits';

/** The chart window of the daily earnings (lib/profits.ts CHART_DAYS is the same month). */
const UNIT_DAYS = 30;

type UnitDay = UnitProfitList['list'][number];

export function UnitEarnings({ coin, account }: { coin: CoinInfo; account: string }) {
  const { t } = useTranslation('earnings');
  const isMobile = useIsMobile();
  const query = useUnitHashrates(account, coin.code, UNIT_DAYS);
  const data = query.data;
  // The unit is always a whole step of 1000 H/s ("1 TH/s").
  const unit = data ? `1 ${data.unit}` : '';
  // Newest day first, as the daily earnings table.
  const rows = data ? [...data.list].reverse() : [];
  const amount = (day: UnitDay, method: PayMethod) => day.methods.find((m) => m.method === method)?.amount;
  const columns: DataColumn<UnitDay>[] = [
    { key: 'day', title: t('unit.day'), render: (day) => <span style={{ whiteSpace: 'nowrap' }}>{day.day}</span> },
    ...PAY_METHODS.map((method) => ({
      key: method,
      title: PAY_METHOD_LABELS[method],
      align: 'right' as const,
      render: (day: UnitDay) => {
        const value = amount(day, method);
        return value === undefined ? (
          '--'
        ) : (
          <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatUnitAmount(value)} {coin.symbol}
          </span>
        );
      },
    })),
  ];

  return (
    <section aria-labelledby="unit-earnings-title" data-testid="unit-earnings">
      <Panel padding={isMobile ? 16 : 24}>
        <div style={{ marginBottom: 16 }}>
          <div id="unit-earnings-title" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 18 }}>
            {t('unit.title', { unit: unit || '…' })}
          </div>
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {t('unit.subtitle', { unit: unit || '…' })}
          </Text>
        </div>
        {!data ? (
          query.isError ? (
            <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
              <Text tone="secondary">{t('profits.load_failed')}</Text>
              <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
            </Flex>
          ) : (
            <PageSpinner />
          )
        ) : (
          <ResponsiveTable rows={rows} rowKey={(day) => day.day} columns={columns} caption={t('unit.title', { unit })} empty={t('unit.empty')} cardTestId="unit-day" />
        )}
      </Panel>
    </section>
  );
}
