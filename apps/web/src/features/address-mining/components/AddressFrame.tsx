// The frame of the address-mining pages of one coin: the title and the coin's pages (the route
// table's `address` menu: dashboard, statistics, connection info, and for ALEO the IP statistics).
// The address looked up travels with the links between them (?address=).
import { useEffect, type ReactNode } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { findCoin, type CoinInfo } from '@hashpool/shared';
import { SectionNav } from '../../../shell/navigation/SectionNav';
import { CoinAvatar } from '../../../ui/CoinAvatar';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Title } from '../../../ui/Text';
import { defaultAddress } from '../lib/search-history';

export type AddressPageKey = 'dashboard' | 'stats' | 'info' | 'ip-statistics';

/** The route's address-mode coin (the router sends any other coin home before this renders). */
export function useAddressCoin(): CoinInfo | null {
  const { coin = '' } = useParams();
  const info = findCoin(coin);
  return info && info.mode === 'address' ? info : null;
}

/**
 * The address a page shows: ?address=, or else the one last looked up for the coin (written into
 * the address bar, so a reload or a shared link shows the same). And how a search sets it.
 */
export function usePageAddress(): [string | null, (address: string) => void] {
  const coin = useAddressCoin();
  const [params, setParams] = useSearchParams();
  const given = params.get('address');
  const fallback = !given && coin ? defaultAddress(coin.code) : null;
  useEffect(() => {
    if (fallback) setParams({ address: fallback }, { replace: true });
  }, [fallback, setParams]);
  return [given ?? fallback, (address) => setParams({ address })];
}

export function AddressFrame({ page, children }: { page: AddressPageKey; children: (coin: CoinInfo) => ReactNode }) {
  const { t } = useTranslation('mining');
  const coin = useAddressCoin();
  const [params] = useSearchParams();
  const address = params.get('address');
  if (!coin) return <PageSpinner />;
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 16px 48px' }}>
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <CoinAvatar coin={coin.code} symbol={coin.symbol} size={36} />
        <Title level={1} style={{ margin: 0, fontSize: 26 }}>
          {t('title', { coin: coin.symbol })} · {t(`nav.${page}`)}
        </Title>
      </Flex>
      <SectionNav menu="address" label={t('nav.label')} params={{ coin: coin.code }} search={address ? `?${new URLSearchParams({ address }).toString()}` : ''} />
      {children(coin)}
    </div>
  );
}
