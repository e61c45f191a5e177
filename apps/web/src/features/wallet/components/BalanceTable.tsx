// The balances: one row per coin (a table on desktop, cards on phones) with what is available,
// frozen in withdrawals on their way, and locked; and the coin's actions. "Hide small balances"
// and "hide amounts" are the user's switches (lib/preferences.ts).
import { useState, type ReactNode } from 'react';
import { Button, Flex, Switch, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findCoin } from '@hashpool/shared';
import { AmountText } from '../../../ui/AmountText';
import { CoinAvatar } from '../../../ui/CoinAvatar';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { SafeLink } from '../../../shell/navigation/navigation';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { balanceTotal, coinSymbol, HIDDEN_AMOUNT, visibleBalances } from '../lib/balances';
import { usePools } from '../../../shell/site/site.queries';
import { useCurrency } from '../../../shell/site/currency';
import { balanceValue } from '../../../shell/site/currency-value';
import { isPositive } from '../../../ui/decimal';
import { useHideAmounts, useHideSmall } from '../lib/preferences';
import type { BalanceItem } from '../wallet.api';

export type BalanceAction = 'withdraw' | 'deposit' | 'transfer';

function CoinCell({ coin }: { coin: string }) {
  const symbol = coinSymbol(coin);
  return (
    <Flex align="center" gap={12}>
      <CoinAvatar coin={coin} symbol={symbol} size={32} />
      <Flex vertical>
        <Text strong>{symbol}</Text>
        <Text tone="secondary" style={{ fontSize: 13 }}>
          {findCoin(coin)?.name ?? coin}
        </Text>
      </Flex>
    </Flex>
  );
}

function Actions({ balance, onAction }: { balance: BalanceItem; onAction: (action: BalanceAction, balance: BalanceItem) => void }) {
  const { t } = useTranslation('wallet');
  const coin = coinSymbol(balance.coin);
  const button = (action: BalanceAction, enabled: boolean, disabledText: string | null, primary = false) => {
    const element = (
      <Button
        size="small"
        type={primary ? 'primary' : 'default'}
        disabled={!enabled}
        aria-label={t(`actions.${action}_of`, { coin })}
        onClick={(event) => {
          event.stopPropagation();
          onAction(action, balance);
        }}
      >
        {/* A suspended coin's withdraw button says so: operators can suspend a coin's withdrawals. */}
        {action === 'withdraw' && !enabled ? t('actions.withdraw_suspended') : t(`actions.${action}`)}
      </Button>
    );
    // A disabled button says why on hover (the wrapper receives the pointer events).
    return enabled || !disabledText ? element : <Tooltip title={disabledText}><span>{element}</span></Tooltip>;
  };
  return (
    <Flex gap={8} wrap justify="flex-end">
      {/* Primary only where there is something to withdraw: a column of 26 blue buttons says nothing. */}
      {button('withdraw', balance.withdraw_enabled, t('actions.withdraw_disabled', { coin }), isPositive(balance.available))}
      {button('deposit', balance.deposit_enabled, t('actions.deposit_disabled', { coin }))}
      {button('transfer', true, null)}
      {/* Staking and borrowing: ALEO only. */}
      {balance.coin === 'aleo' && (
        <>
          <SafeLink to="/asset/aleo/stake-now" onClick={(event) => event.stopPropagation()}>
            <Button size="small">{t('actions.stake')}</Button>
          </SafeLink>
          <SafeLink to="/asset/aleo/borrow-now" onClick={(event) => event.stopPropagation()}>
            <Button size="small">{t('actions.borrow')}</Button>
          </SafeLink>
        </>
      )}
    </Flex>
  );
}

function Hint({ text }: { text: string }) {
  return (
    <Tooltip title={text}>
      <QuestionCircleOutlined aria-label={text} style={{ marginInlineStart: 4, fontSize: 12 }} />
    </Tooltip>
  );
}

export function BalanceToolbar() {
  const { t } = useTranslation('wallet');
  const [hideSmall, setHideSmall] = useHideSmall();
  const [hideAmounts, setHideAmounts] = useHideAmounts();
  return (
    <Flex align="center" gap={16} wrap>
      <Flex align="center" gap={8}>
        <Switch size="small" id="hide-small" checked={hideSmall} onChange={setHideSmall} aria-describedby="hide-small-hint" />
        <label htmlFor="hide-small">{t('balances.hide_small')}</label>
        <span id="hide-small-hint" hidden>
          {t('balances.hide_small_hint')}
        </span>
        <Hint text={t('balances.hide_small_hint')} />
      </Flex>
      <Button type="text" size="small" icon={hideAmounts ? <EyeOutlined /> : <EyeInvisibleOutlined />} aria-pressed={hideAmounts} onClick={() => setHideAmounts(!hideAmounts)}>
        {hideAmounts ? t('balances.show_amounts') : t('balances.hide_amounts')}
      </Button>
    </Flex>
  );
}

export function BalanceTable({ balances, onAction }: { balances: readonly BalanceItem[]; onAction: (action: BalanceAction, balance: BalanceItem) => void }) {
  const { t } = useTranslation('wallet');
  const isMobile = useIsMobile();
  const [hideSmall] = useHideSmall();
  const [hidden] = useHideAmounts();
  const { holding, empty } = visibleBalances(balances, hideSmall);
  const [showEmpty, setShowEmpty] = useState(false);
  const rows = showEmpty ? [...holding, ...empty] : holding;
  const { currency, rates } = useCurrency();
  const prices = new Map((usePools().data ?? []).map((p) => [p.coin, p.price_usd]));
  /** The balance's worth in the chosen currency (header), "-" without a price. */
  const value = (b: BalanceItem) => (hidden ? HIDDEN_AMOUNT : (balanceValue(balanceTotal(b), prices.get(b.coin), currency, rates) ?? '-'));

  // The coins holding nothing, offered below the others (lib/balances.ts says why).
  const emptySwitch =
    empty.length === 0 ? null : (
      <Button type="link" aria-expanded={showEmpty} onClick={() => setShowEmpty(!showEmpty)} style={{ alignSelf: 'center' }}>
        {showEmpty ? t('balances.hide_empty') : t('balances.show_empty', { count: empty.length })}
      </Button>
    );
  const withSwitch = (list: ReactNode) => (
    <Flex vertical gap={12}>
      {list}
      {emptySwitch}
    </Flex>
  );

  if (rows.length === 0) {
    return (
      <Panel>
        <Flex vertical align="center" gap={8}>
          <Paragraph tone="secondary" style={{ margin: 0, textAlign: 'center' }}>
            {hideSmall ? t('balances.empty_hidden') : empty.length > 0 ? t('balances.none_held') : t('balances.empty')}
          </Paragraph>
          {emptySwitch}
        </Flex>
      </Panel>
    );
  }

  if (isMobile) {
    return withSwitch(
      <Flex vertical gap={12}>
        {rows.map((balance) => (
          <Panel key={balance.coin} padding={16} role="group" aria-label={coinSymbol(balance.coin)} data-testid="balance-card">
            <Flex justify="space-between" align="center" gap={8}>
              <CoinCell coin={balance.coin} />
              <AmountText value={balance.available} coin={balance.coin} symbol={false} hidden={hidden} strong />
            </Flex>
            <Flex wrap gap="4px 16px" style={{ margin: '12px 0' }}>
              <Text tone="secondary">
                {t('balances.columns.frozen')}: <AmountText value={balance.frozen} coin={balance.coin} symbol={false} hidden={hidden} />
              </Text>
              <Text tone="secondary">
                {t('balances.columns.locked')}: <AmountText value={balance.locked} coin={balance.coin} symbol={false} hidden={hidden} />
              </Text>
              <Text tone="secondary">
                {t('balances.columns.value', { currency })}: {value(balance)}
              </Text>
            </Flex>
            <Actions balance={balance} onAction={onAction} />
          </Panel>
        ))}
      </Flex>,
    );
  }

  const columns: DataColumn<BalanceItem>[] = [
    { key: 'coin', title: t('balances.columns.coin'), render: (b) => <CoinCell coin={b.coin} /> },
    { key: 'available', title: t('balances.columns.available'), align: 'right', render: (b) => <AmountText value={b.available} coin={b.coin} symbol={false} hidden={hidden} strong /> },
    {
      key: 'frozen',
      title: (
        <>
          {t('balances.columns.frozen')}
          <Hint text={t('balances.frozen_hint')} />
        </>
      ),
      align: 'right',
      render: (b) => <AmountText value={b.frozen} coin={b.coin} symbol={false} hidden={hidden} />,
    },
    {
      key: 'locked',
      title: (
        <>
          {t('balances.columns.locked')}
          <Hint text={t('balances.locked_hint')} />
        </>
      ),
      align: 'right',
      render: (b) => <AmountText value={b.locked} coin={b.coin} symbol={false} hidden={hidden} />,
    },
    { key: 'value', title: t('balances.columns.value', { currency }), align: 'right', render: (b) => <Text tone="secondary">{value(b)}</Text> },
    { key: 'actions', title: t('balances.columns.actions'), align: 'right', render: (b) => <Actions balance={b} onAction={onAction} /> },
  ];
  return withSwitch(<DataTable rows={rows} rowKey={(b) => b.coin} columns={columns} caption={t('balances.title')} />);
}
