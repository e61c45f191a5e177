// The frame of the pool pages of one coin: the title, a coin switcher, and the coin's pages
// (dashboard and workers for those who may see them, statistics and connection info for anyone).
import type { ReactNode } from 'react';
import { Flex, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { holdsAny, type CoinInfo, type Permission } from '@hashpool/shared';
import { usePools } from '../site/site.queries';
import { SafeLink, useSafeNavigate } from '../navigation/navigation';
import { usePermissions } from '../session/viewer';
import { CoinAvatar } from '../../ui/CoinAvatar';
import { Title } from '../../ui/Text';
import { usePageTitle } from '../site/usePageTitle';

export type PoolPageKey = 'home' | 'miner' | 'profit' | 'stat' | 'info';

const PAGES: readonly { key: PoolPageKey; path: (coin: string) => string; permissions: readonly Permission[] | null }[] = [
  { key: 'home', path: (coin) => `/pool/${coin}/home`, permissions: ['pool.view'] },
  { key: 'miner', path: (coin) => `/pool/${coin}/miner`, permissions: ['miner.view'] },
  { key: 'profit', path: (coin) => `/pool/${coin}/profit`, permissions: ['pool.view'] },
  { key: 'stat', path: (coin) => `/pool/${coin}/stat`, permissions: null },
  { key: 'info', path: (coin) => `/pool/${coin}/info`, permissions: null },
];

function PoolNav({ coin, current }: { coin: string; current: PoolPageKey }) {
  const { t } = useTranslation('pool');
  const { token } = theme.useToken();
  const permissions = usePermissions();
  return (
    <nav aria-label={t('nav.label')} style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginBottom: 24, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      {PAGES.filter((page) => page.permissions === null || holdsAny(permissions, page.permissions)).map((page) => {
        const active = page.key === current;
        return (
          <SafeLink
            key={page.key}
            to={page.path(coin)}
            aria-current={active ? 'page' : undefined}
            style={{
              padding: '8px 12px',
              marginBottom: -1,
              color: active ? token.colorPrimary : token.colorText,
              fontWeight: active ? 600 : 400,
              borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
            }}
          >
            {t(`nav.${page.key}`)}
          </SafeLink>
        );
      })}
    </nav>
  );
}

/** Switches to the same page of another account-mode coin. */
function CoinSwitcher({ coin, page }: { coin: CoinInfo; page: PoolPageKey }) {
  const { t } = useTranslation('pool');
  const navigate = useSafeNavigate();
  const pools = (usePools().data ?? []).filter((pool) => pool.mode === 'account');
  const target = PAGES.find((p) => p.key === page)!;
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
      onChange={(next: string) => navigate(target.path(next))}
    />
  );
}

interface PoolFrameProps {
  coin: CoinInfo;
  page: PoolPageKey;
  /** The page's own title; the coin's name goes before it. */
  title: string;
  actions?: ReactNode;
  /** The worker detail leaves it out: its worker belongs to this coin only. */
  coinSwitch?: boolean;
  children: ReactNode;
}

export function PoolFrame({ coin, page, title, actions, coinSwitch = true, children }: PoolFrameProps) {
  const { t } = useTranslation('pool');
  const heading = t('frame.title', { coin: coin.name, page: title });
  usePageTitle(heading);
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
          {coinSwitch && <CoinSwitcher coin={coin} page={page} />}
        </Flex>
      </Flex>
      <PoolNav coin={coin.code} current={page} />
      {children}
    </div>
  );
}
