// /pool/:type/profit (pool.view): the current sub-account's earnings of one coin. This part of the
// earnings issue builds its payout-method section; the daily earnings list, charts and export
// join it when settlement is built.
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../ui/PageSpinner';
import { AccountGate } from '../../pool/components/AccountGate';
import { PoolFrame } from '../../pool/components/PoolFrame';
import { useRouteCoin } from '../../pool/hooks/usePoolContext';
import { PayoutMethodSection } from '../components/PayoutMethodSection';

export default function ProfitPage() {
  const { t } = useTranslation('pool');
  const coin = useRouteCoin();
  if (!coin) return <PageSpinner />;
  return (
    <PoolFrame coin={coin} page="profit" title={t('nav.profit')}>
      <AccountGate>{(account) => <PayoutMethodSection key={`${coin.code}:${account}`} coin={coin} account={account} />}</AccountGate>
    </PoolFrame>
  );
}
