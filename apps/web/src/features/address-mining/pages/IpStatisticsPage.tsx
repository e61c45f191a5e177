// /mining/aleo/ip-statistics (public, ALEO only): an address's workers grouped by the IP they
// mine from (workers and hashrate per IP), and ALEO's stake calculator: the stake the pool needs
// for the address's (or a typed) hashrate to land its solutions (ARC-46), and the shortfall.
import { useState } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatHashrate, type CoinInfo } from '@hashpool/shared';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Pager } from '../../../ui/Pager';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { addressMiningApi, type AddressIpStats, type StakeCalculation } from '../address-mining.api';
import { AddressFrame, usePageAddress } from '../components/AddressFrame';
import { AddressSearch } from '../components/AddressSearch';
import { LoadState } from '../components/LoadState';

export default function IpStatisticsPage() {
  const [address, setAddress] = usePageAddress();
  return (
    <AddressFrame page="ip-statistics">
      {(coin) => (
        <Flex vertical gap={24}>
          <AddressSearch coin={coin} address={address} onSearch={setAddress} />
          {address && <ByIp key={address} coin={coin} address={address} />}
          <StakeCalculator key={`stake:${address ?? ''}`} address={address} />
        </Flex>
      )}
    </AddressFrame>
  );
}

type IpRow = AddressIpStats['list'][number];
/** The busiest IPs the server reads for these statistics (IP_GROUPS_MAX on the server). */
const IP_GROUPS_SHOWN = 10_000;

function ByIp({ coin, address }: { coin: CoinInfo; address: string }) {
  const { t, i18n } = useTranslation('mining');
  const timezone = useTimezone();
  const [page, setPage] = useState(1);
  // Grouped by the server (one query over all the address's workers), busiest IP first.
  const list = useQuery({ queryKey: ['address-mining', coin.code, address, 'ips', page], queryFn: () => addressMiningApi.ips(coin.code, address, page), placeholderData: keepPreviousData, refetchInterval: 60_000 });
  return (
    <Panel>
      <Text strong style={{ fontSize: 18, display: 'block', marginBottom: 16 }}>
        {t('ip.title')}
      </Text>
      {!list.data ? (
        <LoadState failed={list.isError} />
      ) : (
        <ResponsiveTable
          rows={list.data.list}
          rowKey={(r: IpRow) => r.ip ?? ''}
          caption={t('ip.title')}
          empty={t('ip.empty')}
          cardTestId="ip-row"
          columns={[
            { key: 'ip', title: t('ip.ip'), render: (r) => <span style={{ fontFamily: 'monospace' }}>{r.ip ?? t('ip.unknown')}</span> },
            { key: 'workers', title: t('ip.workers'), align: 'right', render: (r) => `${r.active} / ${r.workers}` },
            { key: 'h15', title: t('ip.hashrate'), align: 'right', render: (r) => formatHashrate(r.hashrate_15m) },
            { key: 'h24', title: t('ip.hashrate_24h'), align: 'right', render: (r) => formatHashrate(r.hashrate_24h) },
            { key: 'last', title: t('ip.last_share', { timezone }), render: (r) => formatDateTime(r.last_share_time, timezone, 'YYYY-MM-DD HH:mm') },
          ]}
        />
      )}
      {list.data?.capped && (
        <Text tone="secondary" style={{ display: 'block', marginTop: 12 }} data-testid="ip-capped">
          {t('ip.capped', { count: IP_GROUPS_SHOWN.toLocaleString(i18n.language) })}
        </Text>
      )}
      <Pager page={page} total={list.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}

function StakeCalculator({ address }: { address: string | null }) {
  const { t } = useTranslation('mining');
  const [hashrate, setHashrate] = useState<number | null>(null);
  const [stake, setStake] = useState('');
  const [asked, setAsked] = useState<{ hashrate?: number; address?: string; stake?: string } | null>(address ? { address } : null);
  const result = useQuery({ queryKey: ['address-mining', 'stake', asked], queryFn: () => addressMiningApi.stake(asked!), enabled: asked !== null });
  return (
    <Panel>
      <Text strong style={{ fontSize: 18, display: 'block', marginBottom: 8 }}>
        {t('stake.title')}
      </Text>
      <Paragraph tone="secondary" style={{ marginTop: 0 }}>
        {t('stake.intro')}
      </Paragraph>
      <Flex gap={8} wrap align="center">
        <NumberInput aria-label={t('stake.hashrate')} placeholder={t('stake.hashrate')} min={0} value={hashrate} onChange={(v) => setHashrate(v)} style={{ width: 220 }} />
        <Input aria-label={t('stake.stake')} placeholder={t('stake.stake')} value={stake} onChange={(e) => setStake(e.target.value.trim())} style={{ width: 220 }} />
        <Button type="primary" onClick={() => setAsked({ ...(hashrate !== null ? { hashrate } : address ? { address } : { hashrate: 0 }), ...(stake ? { stake } : {}) })}>
          {t('stake.calculate')}
        </Button>
      </Flex>
      {result.data && <StakeResult result={result.data} />}
    </Panel>
  );
}

function StakeResult({ result }: { result: StakeCalculation }) {
  const { t, i18n } = useTranslation('mining');
  const timezone = useTimezone();
  // Stakes run to millions of ALEO: grouped digits in the reader's language.
  const aleo = (value: string | null) => (value === null ? '--' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(Number(value)));
  // A small farm finds a fraction of a solution an epoch: three significant digits, not "0.00".
  const solutions = (n: number) => new Intl.NumberFormat(i18n.language, n > 0 && n < 1 ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 }).format(n);
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }} data-testid="stake-result">
      {result.proof_target === null ? (
        <Text>{t('stake.no_target')}</Text>
      ) : (
        <Text>{t('stake.result', { hashrate: formatHashrate(result.hashrate), solutions: solutions(result.solutions_per_epoch), required: aleo(result.required_stake), per: aleo(result.stake_per_solution) })}</Text>
      )}
      {result.hashrate_source === 'address' && (
        <Text tone="secondary" style={{ fontSize: 13 }}>
          {t('stake.from_address')}
        </Text>
      )}
      {result.sufficient === false && <Alert type="error" showIcon title={t('stake.insufficient')} description={t('stake.shortfall', { shortfall: aleo(result.shortfall) })} />}
      {result.sufficient === true && <Alert type="success" showIcon title={t('stake.sufficient')} />}
      {result.next_change && (
        <Text tone="secondary" style={{ fontSize: 13 }}>
          {t('stake.next', { from: `${formatDateTime(result.next_change.from, timezone, 'YYYY-MM-DD HH:mm')} (${timezone})`, per: aleo(result.next_change.stake_per_solution) })}
        </Text>
      )}
    </Flex>
  );
}
