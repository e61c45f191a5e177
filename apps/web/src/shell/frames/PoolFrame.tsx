// The frame of the pool pages of one coin (mining's dashboard, workers, statistics and getting
// started, earnings' profits): the title, a coin switcher, and the coin's pages (the route table's
// `pool` menu: dashboard and workers for those who may see them, statistics and connection info
// for anyone). A page starts from PoolPage (the route's coin) or PoolAccountPage (and the current
// sub-account).
import type { ComponentType, ReactNode } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import type { CoinInfo } from '@hashpool/shared';
import { usePools } from '../site/site.queries';
import { useSafeNavigate } from '../navigation/navigation';
import { SectionNav } from '../navigation/SectionNav';
import { useActiveMenuKey, useMenu } from '../routing/route-table-context';
import { CoinAvatar } from '../../ui/CoinAvatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { Title } from '../../ui/Text';
import { AccountGate } from './AccountGate';
import { useRouteCoin } from './usePoolContext';

/** Switches to the same page of another account-mode coin. */
function CoinSwitcher({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('pool');
  const navigate = useSafeNavigate();
  const pools = (usePools().data ?? []).filter((pool) => pool.mode === 'account');
  const tabs = useMenu('pool', { type: coin.code });
  const active = useActiveMenuKey('pool');
  const pattern = (tabs.find((tab) => tab.key === active) ?? tabs[0])?.pattern;
  return (
    <Select
      aria-label={t('nav.coin')}
      value={coin.code}
      style={{ minWidth: 150 }}
      options={(pools.length ? pools : [{ coin: coin.code, symbol: coin.symbol, name: coin.name }]).map((pool) => ({
        value: pool.coin,
        label: (
          <Flex align="center" gap={8}>
            <CoinAvatar coin={pool.coin} symbol={pool.symbol} size={20} />
            {pool.symbol}
          </Flex>
        ),
      }))}
      onChange={(next: string) => {
        if (pattern) navigate(generatePath(pattern, { type: next }));
      }}
    />
  );
}

interface PoolFrameProps {
  coin: CoinInfo;
  /** The page's own title; the coin's name goes before it. */
  title: string;
  actions?: ReactNode;
  /** The worker detail leaves it out: its worker belongs to this coin only. */
  coinSwitch?: boolean;
  children: ReactNode;
}

export function PoolFrame({ coin, title, actions, coinSwitch = true, children }: PoolFrameProps) {
  const { t } = useTranslation('pool');
  const heading = t('frame.title', { coin: coin.name, page: title });
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12}>
          <CoinAvatar coin={coin.code} symbol={coin.symbol} />
          <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
            {heading}
          </Title>
        </Flex>
        <Flex align="center" gap={8} wrap>
          {actions}
          {coinSwitch && <CoinSwitcher coin={coin} />}
        </Flex>
      </Flex>
      <SectionNav menu="pool" label={t('nav.label')} params={{ type: coin.code }} />
      {children}
    </div>
  );
}

interface RouteCoinFrameProps extends Omit<PoolFrameProps, 'coin' | 'actions' | 'children'> {
  actions?: (coin: CoinInfo) => ReactNode;
  children: (coin: CoinInfo) => ReactNode;
}

/** The frame of a page of the route's coin (/pool/:type/...): a spinner until the coin is known. */
function RouteCoinFrame({ actions, children, ...frame }: RouteCoinFrameProps) {
  const coin = useRouteCoin();
  if (!coin) return <PageSpinner />;
  return (
    <PoolFrame coin={coin} actions={actions?.(coin)} {...frame}>
      {children(coin)}
    </PoolFrame>
  );
}

/** A pool page of the route's coin made of sections, each given the coin, one under another. */
export function PoolPage({ title, sections }: { title: string; sections: readonly ComponentType<{ coin: CoinInfo }>[] }) {
  return (
    <RouteCoinFrame title={title}>
      {(coin) => (
        <Flex vertical gap={24}>
          {sections.map((Section, index) => (
            <Section key={index} coin={coin} />
          ))}
        </Flex>
      )}
    </RouteCoinFrame>
  );
}

/** A pool page of the current sub-account: the route's coin, then AccountGate (waiting for the sub-account, or saying there is none). */
export function PoolAccountPage({ children, ...frame }: Omit<RouteCoinFrameProps, 'children'> & { children: (coin: CoinInfo, account: string) => ReactNode }) {
  return <RouteCoinFrame {...frame}>{(coin) => <AccountGate>{(account) => children(coin, account)}</AccountGate>}</RouteCoinFrame>;
}
