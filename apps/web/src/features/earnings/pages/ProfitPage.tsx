// /pool/:type/profit (pool.view): the current sub-account's earnings of one coin: the figures
// (yesterday, today's estimate, totals, balance), the settled days as a chart and a table, and
// the blocks its own workers found (SOLO), the payout-method section and each method's earnings per
// unit of hashrate; the daily panel exports a range of days as CSV or XLSX.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PoolAccountPage } from '../../../shell/frames/PoolFrame';
import { DailyEarnings } from '../components/DailyEarnings';
import { EarningsSummary } from '../components/EarningsSummary';
import { PayoutMethodSection } from '../components/PayoutMethodSection';
import { SoloBlocks } from '../components/SoloBlocks';
import { UnitEarnings } from '../components/UnitEarnings';

export default function ProfitPage() {
  const { t } = useTranslation('pool');
  return (
    <PoolAccountPage title={t('nav.profit')}>
      {(coin, account) => (
        // Keyed: another coin or sub-account starts with its own state.
        <Flex vertical gap={24} key={`${coin.code}:${account}`}>
          <EarningsSummary coin={coin} account={account} />
          <DailyEarnings coin={coin} account={account} />
          <SoloBlocks coin={coin} account={account} />
          <PayoutMethodSection coin={coin} account={account} />
          <UnitEarnings coin={coin} account={account} />
        </Flex>
      )}
    </PoolAccountPage>
  );
}
