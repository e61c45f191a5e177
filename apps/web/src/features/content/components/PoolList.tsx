// The pools: a table on desktop, cards on phones. Each row leads to the coin's statistics.
import { Button, Flex } from 'antd';
import { RightOutlined } from '../../../ui/first-screen-icons';
import { useTranslation } from 'react-i18next';
import type { PoolItem } from '@hashpool/shared';
import { usePools } from '../../../shell/site/site.queries';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { CoinAvatar } from '../../../ui/CoinAvatar';
import { ColourTag } from '../../../ui/ColourTag';
import { DataTable } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { poolLink } from '../pool-links';

function CoinCell({ pool }: { pool: PoolItem }) {
  return (
    <Flex align="center" gap={12}>
      <CoinAvatar coin={pool.coin} symbol={pool.symbol} />
      <Flex vertical>
        <Text strong>{pool.symbol}</Text>
        <Text tone="secondary">{pool.name}</Text>
      </Flex>
    </Flex>
  );
}

function ModeTag({ mode }: { mode: PoolItem['mode'] }) {
  const { t } = useTranslation('home');
  return <ColourTag colour={mode === 'address' ? 'purple' : 'blue'}>{t(`pools.mode.${mode}`)}</ColourTag>;
}

const minPayout = (pool: PoolItem) => `${pool.min_payout} ${pool.symbol}`;

function PoolTable({ pools }: { pools: PoolItem[] }) {
  const { t } = useTranslation('home');
  const navigate = useSafeNavigate();
  return (
    <DataTable<PoolItem>
      caption={t('pools.title')}
      rows={pools}
      rowKey={(pool) => pool.coin}
      onRowClick={(pool) => navigate(poolLink(pool))}
      columns={[
        { key: 'coin', title: t('pools.columns.coin'), render: (pool) => <CoinCell pool={pool} /> },
        { key: 'algorithm', title: t('pools.columns.algorithm'), render: (pool) => pool.algorithm },
        { key: 'fee', title: t('pools.columns.fee'), render: (pool) => `${pool.fee_rate}%` },
        { key: 'min_payout', title: t('pools.columns.min_payout'), render: minPayout },
        { key: 'mode', title: t('pools.columns.mode'), render: (pool) => <ModeTag mode={pool.mode} /> },
        {
          key: 'open',
          // Every cell is a link to the coin's statistics; the header names the column for screen readers.
          title: <VisuallyHidden>{t('pools.open')}</VisuallyHidden>,
          align: 'right',
          render: (pool) => (
            <SafeLink to={poolLink(pool)} onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
              {t('pools.open')} <RightOutlined />
            </SafeLink>
          ),
        },
      ]}
    />
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text tone="secondary">
      {label}: <Text>{value}</Text>
    </Text>
  );
}

function PoolCards({ pools }: { pools: PoolItem[] }) {
  const { t } = useTranslation('home');
  return (
    <Flex vertical gap={12}>
      {pools.map((pool) => (
        <SafeLink key={pool.coin} to={poolLink(pool)} style={{ display: 'block' }}>
          <Panel hoverable padding={16}>
            <Flex justify="space-between" align="center" gap={8}>
              <CoinCell pool={pool} />
              <ModeTag mode={pool.mode} />
            </Flex>
            <Flex wrap gap="4px 16px" style={{ marginTop: 12 }}>
              <Detail label={t('pools.columns.algorithm')} value={pool.algorithm} />
              <Detail label={t('pools.columns.fee')} value={`${pool.fee_rate}%`} />
              <Detail label={t('pools.columns.min_payout')} value={minPayout(pool)} />
            </Flex>
          </Panel>
        </SafeLink>
      ))}
    </Flex>
  );
}

/** The pools list's space while it loads: a table of a dozen pools, eleven cards on a phone. */
const POOLS_RESERVED_HEIGHT = 900;

export function PoolList() {
  const { t } = useTranslation('home');
  const isMobile = useIsMobile();
  const { data, isPending, isError, refetch } = usePools();
  const pools = data ?? [];
  return (
    <section id="pools" aria-labelledby="pools-title" style={{ scrollMarginTop: 80 }}>
      <Title level={2} id="pools-title">
        {t('pools.title')}
      </Title>
      <Paragraph tone="secondary">{t('pools.subtitle')}</Paragraph>
      {isPending ? (
        // Taller than what is left of the screen below it: the list arrives below the fold, so what
        // follows it moves while it is out of sight (no layout shift on screen).
        <PageSpinner minHeight={POOLS_RESERVED_HEIGHT} />
      ) : isError ? (
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      ) : isMobile ? (
        <PoolCards pools={pools} />
      ) : (
        <PoolTable pools={pools} />
      )}
    </section>
  );
}
