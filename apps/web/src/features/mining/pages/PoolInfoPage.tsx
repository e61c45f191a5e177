// /pool/:type/info (public): how to connect a miner to the coin's pool, the fee and payout
// methods, and the minimum payout. Fee and minimum come from GET /pools; the SOLO fee and the
// 24-hour switching rule are those of docs/rules.md ("States and transitions", "Limits and constants").
import { useTranslation } from 'react-i18next';
import type { CoinInfo } from '@hashpool/shared';
import { usePools } from '../../../shell/site/site.queries';
import { useAccessToken } from '../../../shell/session/session';
import { DataTable } from '../../../ui/DataTable';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { ConnectGuide } from '../components/ConnectGuide';
import { PoolPage } from '../../../shell/frames/PoolFrame';
import { StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { useCurrentAccount } from '../../../shell/frames/usePoolContext';
import { PAYOUT_METHODS, SOLO_FEE_PERCENT } from '../lib/constants';

export default function PoolInfoPage() {
  const { t } = useTranslation('pool');
  return <PoolPage title={t('nav.info')} sections={[Connect, Fees, PayoutMethods]} />;
}

function Connect({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('pool');
  const loggedIn = useAccessToken() !== null;
  const current = useCurrentAccount();
  // A logged-in user sees their own sub-account in the example; a visitor sees the placeholder.
  const account = loggedIn && current.state === 'ready' ? current.name : undefined;
  return (
    <Panel title={t('info.connect_title')}>
      <Paragraph tone="secondary">{t('info.connect_text', { coin: coin.name, algorithm: coin.algorithm })}</Paragraph>
      <ConnectGuide coin={coin} account={account} />
    </Panel>
  );
}

function Fees({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('pool');
  const pool = usePools().data?.find((p) => p.coin === coin.code);
  return (
    <StatGrid columns={3}>
      <StatCard
        label={t('info.fee')}
        value={pool ? `${pool.fee_rate}%` : '--'}
        footer={
          <Text tone="secondary">
            {t('info.fee_note')}
            {/* An operator's change made today applies from the next UTC day. */}
            {pool?.next_fee_rate != null && pool.next_fee_from != null && <span data-testid="pool-fee-next"> {t('info.fee_next', { rate: pool.next_fee_rate, day: pool.next_fee_from })}</span>}
          </Text>
        }
        testId="pool-fee"
      />
      <StatCard label={t('info.solo_fee')} value={`${SOLO_FEE_PERCENT}%`} />
      <StatCard label={t('info.min_payout')} value={pool?.min_payout ?? '--'} unit={coin.symbol} footer={<Text tone="secondary">{t('info.min_payout_note')}</Text>} testId="min-payout" />
    </StatGrid>
  );
}

function PayoutMethods() {
  const { t } = useTranslation('pool');
  return (
    <section aria-labelledby="payout-methods">
      <div id="payout-methods" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 16, marginBottom: 12 }}>
        {t('info.methods_title')}
      </div>
      <DataTable
        rows={PAYOUT_METHODS}
        rowKey={(m) => m.code}
        caption={t('info.methods_title')}
        columns={[
          { key: 'name', title: t('info.method'), render: (m) => <Text strong>{m.label}</Text> },
          { key: 'how', title: t('info.how'), render: (m) => t(`info.methods.${m.code}`) },
        ]}
      />
      <Paragraph tone="secondary" style={{ marginTop: 12 }}>
        {t('info.methods_note')}
      </Paragraph>
    </section>
  );
}
