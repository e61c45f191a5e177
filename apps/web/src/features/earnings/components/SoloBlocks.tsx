// The blocks the current sub-account's own workers found in one coin (GET /pools/{pool}/accounts
// /{account}/profits/solo): height, reward, time, confirmations of the coin's maturity, status and
// effort, 10 a page. Under SOLO these blocks are the whole of the earnings, so the panel shows while
// SOLO is chosen or in force, and also whenever the sub-account has found any block (a user who
// left SOLO still sees what it found); otherwise it stays away (docs/product-guide.md, Earnings).
import { useState } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CoinInfo } from '@hashpool/shared';
import { BlockList } from '../../mining';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { usePayMethod, useSoloBlocks } from '../earnings.queries';

export function SoloBlocks({ coin, account }: { coin: CoinInfo; account: string }) {
  const { t } = useTranslation('earnings');
  const isMobile = useIsMobile();
  const timezone = useTimezone();
  const [page, setPage] = useState(1);
  const method = usePayMethod(account, coin.code).data;
  const blocks = useSoloBlocks(account, coin.code, page);
  const solo = method?.method === 'solo' || method?.today_method === 'solo';
  const found = (blocks.data?.total ?? 0) > 0;
  if (!solo && !found) return null;

  return (
    <section aria-labelledby="solo-blocks-title" data-testid="solo-blocks">
      <Panel padding={isMobile ? 16 : 24}>
        <div style={{ marginBottom: 16 }}>
          <div id="solo-blocks-title" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 18 }}>
            {t('solo.title')}
          </div>
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {t('solo.subtitle', { coin: coin.symbol })}
          </Text>
        </div>
        {!blocks.data ? (
          blocks.isError ? (
            <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
              <Text tone="secondary">{t('profits.load_failed')}</Text>
              <Button onClick={() => void blocks.refetch()}>{t('retry')}</Button>
            </Flex>
          ) : (
            <PageSpinner />
          )
        ) : blocks.data.total === 0 ? (
          <Text tone="secondary" role="status" data-testid="solo-blocks-empty">
            {t('solo.empty')}
          </Text>
        ) : (
          <Flex vertical gap={16}>
            <BlockList coin={coin.code} blocks={blocks.data.list} timezone={timezone} />
            <Pager page={page} total={blocks.data.total} onChange={setPage} />
          </Flex>
        )}
      </Panel>
    </section>
  );
}
