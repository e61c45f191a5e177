// A panel with a hashrate chart and its range switch. The page owns the range (it decides which
// call to make); this draws what that call answered, or its loading and failure states.
import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { hashrateSeriesSchema } from '@hashpool/shared';
import { LazyHashrateChart } from './LazyHashrateChart';
import { Panel } from '../Panel';
import { Text } from '../Text';
import { RangeSwitch, type HashrateRange } from './RangeSwitch';

/** A hashrate series as the API answers it (the account, worker, pool and network charts). */
type HashrateSeries = ReturnType<(typeof hashrateSeriesSchema)['parse']>;

interface HashrateCardProps {
  title: string;
  /** The series' name in the tooltip. */
  seriesName: string;
  range: HashrateRange;
  onRangeChange: (range: HashrateRange) => void;
  query: { data: HashrateSeries | undefined; isError: boolean; refetch: () => unknown };
  timezone: string;
  /** Show each point's reject rate in the tooltip (the account and worker charts have it). */
  withRejectRate?: boolean;
  extra?: ReactNode;
}

export function HashrateCard({ title, seriesName, range, onRangeChange, query, timezone, withRejectRate, extra }: HashrateCardProps) {
  const { t } = useTranslation('common');
  return (
    <Panel>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <div role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 16 }}>
          {title}
        </div>
        <Flex align="center" gap={8}>
          {extra}
          <RangeSwitch value={range} onChange={onRangeChange} />
        </Flex>
      </Flex>
      {query.isError && !query.data ? (
        <Flex vertical align="center" justify="center" gap={12} style={{ height: 280 }}>
          <Text tone="secondary">{t('chart.load_failed')}</Text>
          <Button onClick={() => void query.refetch()}>{t('chart.retry')}</Button>
        </Flex>
      ) : (
        <LazyHashrateChart
          series={query.data ? [{ name: seriesName, points: query.data.points }] : []}
          range={range}
          timezone={timezone}
          ariaLabel={t('chart.aria', { title, range: t(`chart.ranges.${range}`) })}
          rejectRateLabel={withRejectRate ? t('chart.reject_rate') : undefined}
          emptyText={query.data ? t('chart.empty') : undefined}
        />
      )}
    </Panel>
  );
}
