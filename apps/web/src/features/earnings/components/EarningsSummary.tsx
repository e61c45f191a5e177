// The earnings figures of the current sub-account in one coin (GET /pools/{pool}/accounts/{account}
// /profits/stats): yesterday's settled earnings (with a note while yesterday is being settled),
// today's estimate and the method it assumes, total earned, total paid and the wallet balance.
// Amounts have the coin's precision; under each, its worth in the header's currency when the coin
// has a price (as the wallet's balances table does).
import type { ReactNode } from 'react';
import { Button, Flex, Tag, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatAmount, PAY_METHOD_LABELS, type CoinInfo } from '@hashpool/shared';
import { usePools } from '../../../shell/site/site.queries';
import { useCurrency } from '../../../shell/site/currency';
import { balanceValue } from '../../../shell/site/currency-value';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import type { ProfitStats } from '../earnings.api';
import { useProfitStats } from '../earnings.queries';

export function EarningsSummary({ coin, account }: { coin: CoinInfo; account: string }) {
  const { t } = useTranslation('earnings');
  const stats = useProfitStats(account, coin.code);
  const isMobile = useIsMobile();
  if (stats.isError && !stats.data) {
    return (
      <Panel>
        <Flex vertical align="center" gap={12}>
          <Text tone="secondary">{t('profits.load_failed')}</Text>
          <Button onClick={() => void stats.refetch()}>{t('retry')}</Button>
        </Flex>
      </Panel>
    );
  }
  return (
    <section aria-labelledby="earnings-summary-title" data-testid="earnings-summary">
      <div id="earnings-summary-title" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 18, marginBottom: 12 }}>
        {t('profits.summary_title', { coin: coin.symbol })}
      </div>
      <div
        aria-busy={!stats.data}
        style={{ display: 'grid', gridTemplateColumns: isMobile ? 'repeat(2, minmax(0, 1fr))' : 'repeat(auto-fit, minmax(200px, 1fr))', gap: isMobile ? 12 : 16 }}
      >
        <Figures coin={coin} stats={stats.data} />
      </div>
    </section>
  );
}

function Figures({ coin, stats }: { coin: CoinInfo; stats: ProfitStats | undefined }) {
  const { t } = useTranslation('earnings');
  const { currency, rates } = useCurrency();
  const price = (usePools().data ?? []).find((p) => p.coin === coin.code)?.price_usd;
  const worth = (amount: string | undefined) => {
    const value = amount === undefined ? null : balanceValue(amount, price, currency, rates);
    return value === null ? null : t('profits.worth', { value, currency });
  };
  const method = stats ? PAY_METHOD_LABELS[stats.today_method] : null;
  return (
    <>
      <Figure
        testId="profit-yesterday"
        label={t('profits.yesterday')}
        coin={coin}
        amount={stats?.yesterday}
        worth={worth(stats?.yesterday)}
        note={stats && !stats.yesterday_settled ? <Settling /> : null}
      />
      <Figure
        testId="profit-today"
        label={
          <Flex align="center" gap={6} wrap component="span">
            <span>{t('profits.today')}</span>
            {method && <Tag style={{ marginInlineEnd: 0 }}>{method}</Tag>}
          </Flex>
        }
        coin={coin}
        amount={stats?.today_estimate}
        estimate
        worth={worth(stats?.today_estimate)}
        note={method ? <Text tone="secondary" style={{ fontSize: 12 }}>{t('profits.today_hint', { method })}</Text> : null}
      />
      <Figure testId="profit-total-earned" label={t('profits.total_earned')} coin={coin} amount={stats?.total_earned} worth={worth(stats?.total_earned)} />
      <Figure
        testId="profit-total-paid"
        label={t('profits.total_paid')}
        coin={coin}
        amount={stats?.total_paid}
        worth={worth(stats?.total_paid)}
        note={<Text tone="secondary" style={{ fontSize: 12 }}>{t('profits.total_paid_hint')}</Text>}
      />
      <Figure
        wide
        testId="profit-balance"
        label={t('profits.balance')}
        coin={coin}
        amount={stats?.balance}
        worth={worth(stats?.balance)}
        note={<Text tone="secondary" style={{ fontSize: 12 }}>{t('profits.balance_hint')}</Text>}
      />
    </>
  );
}

/** Yesterday's settlement has not finished: the figure may still grow. */
function Settling() {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  return (
    <span data-testid="yesterday-settling" style={{ fontSize: 12, lineHeight: 1.5, color: token.colorInfoText }}>
      <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
      {t('profits.yesterday_settling')}
    </span>
  );
}

interface FigureProps {
  label: ReactNode;
  coin: CoinInfo;
  /** Undefined while loading. */
  amount: string | undefined;
  /** Written "≈ …": a figure that is not final. */
  estimate?: boolean;
  worth: string | null;
  note?: ReactNode;
  /** Across both columns on phones (the fifth figure would otherwise stand alone). */
  wide?: boolean;
  testId: string;
}

function Figure({ label, coin, amount, estimate, worth, note, wide, testId }: FigureProps) {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  return (
    <Panel padding={isMobile ? 14 : 20} style={{ height: '100%', minWidth: 0, gridColumn: wide && isMobile ? '1 / -1' : undefined }} data-testid={testId}>
      <Flex vertical gap={6}>
        <Text tone="secondary">{label}</Text>
        <div style={{ fontSize: isMobile ? 20 : 24, fontWeight: 600, lineHeight: 1.25, color: token.colorTextHeading, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>
          {/* "≈" stays with its figure (a no-break space), the symbol on its line. */}
          {amount === undefined ? '--' : `${estimate ? '≈\u00a0' : ''}${formatAmount(amount, { coin: coin.code, grouping: true })}`}
          <span style={{ fontSize: 14, fontWeight: 500, marginInlineStart: 6, color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{coin.symbol}</span>
        </div>
        {worth && (
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {worth}
          </Text>
        )}
        {note}
      </Flex>
    </Panel>
  );
}
