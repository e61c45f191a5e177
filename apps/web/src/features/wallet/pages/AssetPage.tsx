// /asset/index (wallet.view): the current sub-account's balances per coin with their actions
// (withdraw, deposit, transfer), then its withdrawals, deposits, withdraw addresses and automatic
// payout in tabs (the tab is in the address: ?tab=deposits). Dialogs load when first opened. A
// dialog belongs to the sub-account it was opened for: when the current one changes (switched in
// another tab; the server acts on the current one), it closes rather than show the old one's data.
import { lazy, Suspense, useState } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserMine } from '../../../shell/session/user.api';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTabs } from '../../../ui/ResponsiveTabs';
import { StatusResult } from '../../../ui/StatusResult';
import { Title } from '../../../ui/Text';
import { AddressBook } from '../components/AddressBook';
import { parseAssetTab } from '../lib/constants';
import { BalanceTable, BalanceToolbar, type BalanceAction } from '../components/BalanceTable';
import { DepositList } from '../components/DepositList';
import { PayoutSettingsPanel } from '../components/PayoutSettingsPanel';
import { WalletFrame } from '../components/WalletFrame';
import { WithdrawalList } from '../components/WithdrawalList';
import type { BalanceItem } from '../wallet.api';
import { useBalances } from '../wallet.queries';

const WithdrawDialog = lazy(() => import('../dialogs/WithdrawDialog'));
const DepositDialog = lazy(() => import('../dialogs/DepositDialog'));
const TransferDialog = lazy(() => import('../dialogs/TransferDialog'));
const PayPasswordRequired = lazy(() => import('../dialogs/PayPasswordRequired'));

type Open = { action: BalanceAction; balance: BalanceItem; account: string | null } | null;

function ActionDialog({ open, mine, onClose }: { open: NonNullable<Open>; mine: UserMine; onClose: () => void }) {
  const { action, balance } = open;
  // docs/rules.md, Validation: the pay password comes first; withdrawing and transferring need it.
  // The demo account cannot set one (its security settings are locked): it is told it cannot withdraw.
  if (action !== 'deposit' && (mine.is_demo || !mine.has_pay_password)) return <PayPasswordRequired demo={mine.is_demo} onClose={onClose} />;
  if (action === 'withdraw') return <WithdrawDialog mine={mine} balance={balance} onClose={onClose} />;
  if (action === 'transfer') return <TransferDialog mine={mine} balance={balance} onClose={onClose} />;
  return <DepositDialog coin={balance.coin} onClose={onClose} />;
}

function Assets({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  const [params, setParams] = useSearchParams();
  const tab = parseAssetTab(params.get('tab'));
  const [open, setOpen] = useState<Open>(null);
  const account = mine.current_account?.id ?? null;
  // Another current sub-account: the dialog opened for the old one closes (state adjusted while rendering).
  if (open && open.account !== account) setOpen(null);
  const isMobile = useIsMobile();
  const list = balances.data?.list ?? [];

  return (
    <>
      <section aria-labelledby="balances-title">
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
          <Title level={2} id="balances-title" style={{ margin: 0, fontSize: 18 }}>
            {t('balances.title')}
          </Title>
          <BalanceToolbar />
        </Flex>
        {balances.data ? (
          <BalanceTable balances={list} onAction={(action, balance) => setOpen({ action, balance, account })} />
        ) : balances.isError ? (
          <StatusResult status="error" title={t('load_failed')} extra={<Button onClick={() => void balances.refetch()}>{t('retry')}</Button>} />
        ) : (
          <PageSpinner />
        )}
      </section>
      <Panel padding={isMobile ? '4px 16px 16px' : '8px 24px 24px'}>
        <ResponsiveTabs
          label={t('tabs.label')}
          activeKey={tab}
          onChange={(key) => setParams(key === 'withdrawals' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'withdrawals', label: t('tabs.withdrawals'), children: <WithdrawalList timezone={mine.timezone} /> },
            { key: 'deposits', label: t('tabs.deposits'), children: <DepositList timezone={mine.timezone} /> },
            { key: 'addresses', label: t('tabs.addresses'), children: <AddressBook mine={mine} /> },
            { key: 'payout', label: t('tabs.payout'), children: <PayoutSettingsPanel balances={list} timezone={mine.timezone} /> },
          ]}
        />
      </Panel>
      {open && open.account === account && (
        <Suspense fallback={null}>
          <ActionDialog open={open} mine={mine} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

export default function AssetPage() {
  const { t } = useTranslation('wallet');
  return <WalletFrame title={t('title')}>{(mine) => <Assets mine={mine} />}</WalletFrame>;
}
