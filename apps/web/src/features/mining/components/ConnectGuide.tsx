// How to point a miner at the pool: the coin's stratum URLs, the worker name "<sub-account>.<worker>"
// (worker names: digits and lowercase letters, docs/rules.md, Validation), any password, and an
// example configuration of cgminer-style miners (cgminer, bmminer: their `pools` list). The URLs
// are those the pool's stratum processes announce (GET /api/pools/:pool/stratum;
// else the operator's STRATUM_PUBLIC_URLS), else the coin's stratum address of GET /pools. With a
// sub-account known, the examples use its real name. A pool on a test network says so.
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CoinInfo } from '@hashpool/shared';
import { usePools } from '../../../shell/site/site.queries';
import { Paragraph, Text } from '../../../ui/Text';
import { CopyValue } from '../../../ui/CopyValue';
import { usePoolStratum } from '../mining.queries';
import type { PoolStratum } from '../mining.api';
import { EXAMPLE_PASSWORD, EXAMPLE_WORKER, minerConfigExample } from '../lib/stratum';

type Endpoint = PoolStratum['endpoints'][number];

/** `userHint`: what the user name is where it is not a sub-account (address mining: the wallet address). */
export function ConnectGuide({ coin, account, userHint }: { coin: CoinInfo; account?: string; userHint?: string }) {
  const { t, i18n } = useTranslation('pool');
  const pool = usePools().data?.find((p) => p.coin === coin.code);
  // The stratum server mines account-mode coins; address-mode coins keep the address of GET /pools.
  const stratum = usePoolStratum(coin.code, coin.mode === 'account').data;
  const endpoints: Endpoint[] = stratum?.endpoints.length
    ? stratum.endpoints
    : pool?.stratum_url
      ? [{ url: pool.stratum_url, tls: pool.stratum_url.startsWith('stratum+ssl:'), start_difficulty: null, min_difficulty: null, max_difficulty: null }]
      : [];
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const user = `${account ?? t('connect.account_placeholder')}.${EXAMPLE_WORKER}`;
  const testNetwork = stratum && stratum.network !== 'mainnet' ? stratum.network : null;

  const urlStep = (
    <Flex vertical gap={8} data-testid="stratum-urls">
      {endpoints.length === 0 && <CopyValue value="--" label={t('connect.url')} />}
      {endpoints.map((e) => (
        <Flex key={e.url} vertical gap={4}>
          <CopyValue value={e.url} label={t('connect.url')} />
          {(e.tls || e.start_difficulty !== null) && (
            <Flex gap={8} wrap align="center">
              {e.tls && <Tag color="green">{t('connect.tls')}</Tag>}
              {e.start_difficulty !== null && (
                <Text tone="secondary" style={{ fontSize: 13 }}>
                  {t('connect.difficulty', { start: number(e.start_difficulty), min: number(e.min_difficulty ?? e.start_difficulty), max: number(e.max_difficulty ?? e.start_difficulty) })}
                </Text>
              )}
            </Flex>
          )}
        </Flex>
      ))}
    </Flex>
  );
  const steps = [
    { key: 'url', label: t('connect.url'), body: urlStep, hint: endpoints.length > 1 ? t('connect.url_hint_many') : endpoints.length === 0 ? t('connect.url_none') : t('connect.url_hint') },
    { key: 'user', label: t('connect.user'), body: <CopyValue value={user} label={t('connect.user')} />, hint: userHint ?? t('connect.user_hint') },
    { key: 'password', label: t('connect.password'), body: <CopyValue value={EXAMPLE_PASSWORD} label={t('connect.password')} />, hint: t('connect.password_hint') },
  ];
  if (endpoints.length > 0) {
    const example = minerConfigExample(endpoints.map((e) => e.url), user);
    steps.push({ key: 'example', label: t('connect.example'), body: <CopyValue value={example} label={t('connect.example')} multiline />, hint: t('connect.example_hint') });
  }
  return (
    <Flex vertical gap={16}>
      {testNetwork && (
        <Flex gap={8} align="center" wrap data-testid="stratum-network">
          <Tag color="orange">{t('connect.network', { network: testNetwork })}</Tag>
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {t('connect.network_hint', { network: testNetwork })}
          </Text>
        </Flex>
      )}
      {steps.map((step, index) => (
        <Flex key={step.key} vertical gap={6}>
          <Text strong>
            {index + 1}. {step.label}
          </Text>
          {step.body}
          <Paragraph tone="secondary" style={{ margin: 0, fontSize: 13 }}>
            {step.hint}
          </Paragraph>
        </Flex>
      ))}
    </Flex>
  );
}
