// /contract/list (contract.view): the contract products on sale, sold out or ended, each with its
// hashrate, duration, price, electricity, fee, what is left and an estimate of one unit's daily
// net output at the latest market day; a product opens its detail and order form.
import { nameOf } from '@hashpool/shared';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../../shell/navigation/navigation';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { Text } from '../../../ui/Text';
import type { Product } from '../contracts.api';
import { useProducts } from '../contracts.queries';
import { coinSymbol, ContractFrame, contractPaths, hashrateText } from '../components/ContractParts';

function ProductCard({ p }: { p: Product }) {
  const { t, i18n } = useTranslation('contracts');
  const symbol = coinSymbol(p.coin);
  return (
    <Panel title={<Flex gap={8} wrap align="center"><span>{nameOf(p, i18n.language)}</span>{p.demo && <Tag>{t('demo')}</Tag>}<Tag color={p.status === 'on_sale' ? 'success' : 'default'}>{t(`product_status.${p.status}`)}</Tag></Flex>} data-testid="contract-product">
      <Flex vertical gap={6}>
        <Text>{t('product.line', { coin: symbol, hashrate: hashrateText(p.hashrate, p.hashrate_unit), days: p.duration_days })}</Text>
        <Text strong style={{ fontSize: 20 }}>{t('product.price', { price: p.price_usdt })}</Text>
        <Text tone="secondary">{t('product.costs', { power: p.power_watts, rate: p.electricity_rate, fee: p.management_fee })}</Text>
        <Text tone="secondary">{p.estimated_daily_net === null ? t('product.no_estimate') : t('product.estimate', { amount: p.estimated_daily_net, coin: symbol })}</Text>
        <Text tone="secondary">{t('product.left', { count: p.inventory })}</Text>
        <SafeLink to={contractPaths.detail(p.id)}>
          <Button type="primary" disabled={p.status !== 'on_sale'}>{p.status === 'on_sale' ? t('product.buy') : t('product.view')}</Button>
        </SafeLink>
      </Flex>
    </Panel>
  );
}

export default function ProductListPage() {
  const { t } = useTranslation('contracts');
  const products = useProducts();
  return (
    <ContractFrame title={t('list.title')} subtitle={t('list.subtitle')}>
      {products.isError ? (
        <StatusResult status="error" title={t('load_failed')} />
      ) : !products.data ? (
        <PageSpinner />
      ) : products.data.list.length === 0 ? (
        <StatusResult status="info" title={t('list.empty')} />
      ) : (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
          {products.data.list.map((p) => (
            <ProductCard key={p.id} p={p} />
          ))}
        </div>
      )}
    </ContractFrame>
  );
}
