// The payout method of the current sub-account for one coin (docs/rules.md, States and transitions): the
// method in force and its fee, from which settlement day a switch applies, the 24-hour rule, every
// method's formula (the server computes with the same symbols: apps/server modules/money),
// and the switch itself, asked once more before it is made.
import { useState } from 'react';
import { Alert, Button, Flex, Tag, theme } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { coinMaturity, formatDateTime, PAY_METHOD_LABELS, PAY_METHODS, utcDay, type CoinInfo, type PayMethod } from '@hashpool/shared';
import { useToast } from '../../../ui/toast';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { useReadOnlyView } from '../../../shell/session/observer';
import type { PayMethodItem } from '../earnings.api';
import { usePayMethod, useSwitchPayMethod } from '../earnings.queries';
import { canSwitchNow, formatDifficulty, formatHashesPerDifficulty, methodStatus, switchOutcome } from '../lib/pay-method';

const TIME = 'YYYY-MM-DD HH:mm' as const;

export function PayoutMethodSection({ coin, account }: { coin: CoinInfo; account: string }) {
  const { t } = useTranslation('earnings');
  const query = usePayMethod(account, coin.code);
  if (query.isError && !query.data) {
    return <StatusResult status="error" title={t('load_failed')} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
  }
  if (!query.data) return <PageSpinner />;
  return <PayoutMethod coin={coin} account={account} item={query.data} />;
}

function PayoutMethod({ coin, account, item }: { coin: CoinInfo; account: string; item: PayMethodItem }) {
  const { t } = useTranslation('earnings');
  const timezone = useTimezone();
  const toast = useToast();
  const isMobile = useIsMobile();
  const switcher = useSwitchPayMethod(account, coin.code);
  // An observer link only reads: the methods are shown without their switch buttons.
  const readOnly = useReadOnlyView();
  const [target, setTarget] = useState<PayMethod | null>(null);
  const now = new Date();
  const switchable = canSwitchNow(item, now);
  const status = methodStatus(item);
  const feeOf = (method: PayMethod) => item.methods.find((m) => m.method === method)?.fee_rate ?? '--';
  // An operator's change made today applies from the next UTC day: shown beside today's rate.
  const nextOf = (method: PayMethod): FeeNext | null => {
    const m = item.methods.find((x) => x.method === method);
    return m?.next_fee_rate != null && m.next_fee_from != null ? { rate: m.next_fee_rate, day: m.next_fee_from } : null;
  };
  const label = (method: PayMethod) => PAY_METHOD_LABELS[method];
  const at = (iso: string | Date | null) => formatDateTime(iso, timezone, TIME);

  const stateText =
    status === 'default'
      ? t('method.state_default', { method: label(item.method) })
      : status === 'since'
        ? t('method.state_since', { method: label(item.method), day: item.effective_from })
        : t('method.state_pending', { method: label(item.method), time: at(item.switched_at), today: label(item.today_method), day: item.effective_from, settle: at(item.first_settlement_at) });

  const outcome = switchOutcome(now);

  return (
    <section aria-labelledby="payout-method-title" data-testid="payout-method">
      <Panel padding={isMobile ? 16 : 24}>
        <div id="payout-method-title" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 18, marginBottom: 8 }}>
          {t('method.title')}
        </div>
        <Paragraph tone="secondary">{t('method.intro', { account, coin: coin.symbol })}</Paragraph>

        <Flex vertical gap={16}>
          <Current item={item} label={label(item.method)} fee={item.fee_rate} next={nextOf(item.method)} text={stateText} />
          <Alert type="info" showIcon title={t('method.rule_title')} description={t('method.rule')} data-testid="switch-rule" />
          {!switchable && item.next_switch_at && (
            <Alert type="warning" showIcon title={t('method.wait', { time: at(item.next_switch_at) })} data-testid="switch-wait" />
          )}
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {t('method.times_in', { timezone })}
          </Text>

          <div role="list" aria-label={t('method.title')} style={{ display: 'grid', gridTemplateColumns: isMobile ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))', gap: 16 }}>
            {PAY_METHODS.map((method) => (
              <MethodCard
                key={method}
                method={method}
                fee={feeOf(method)}
                next={nextOf(method)}
                chosen={item.method === method}
                inForce={item.today_method === method}
                pendingDay={item.method === method && status === 'pending' ? item.effective_from : null}
                disabled={!switchable || item.method === method}
                onSwitch={readOnly ? undefined : () => setTarget(method)}
              />
            ))}
          </div>

          <Legend coin={coin} item={item} />
        </Flex>
      </Panel>

      {target && (
        <ConfirmDialog
          title={t('method.confirm_title', { method: label(target) })}
          text={t('method.confirm_text', {
            account,
            coin: coin.symbol,
            from: label(item.method),
            to: label(target),
            // A switch pays from the next UTC day: at a change made today, that day's rate.
            rate: nextOf(target)?.day === outcome.day ? nextOf(target)!.rate : feeOf(target),
            day: outcome.day,
            settle: at(outcome.settle),
            today: label(item.today_method),
            until: at(outcome.until),
          })}
          okText={t('method.confirm_ok')}
          danger={false}
          onClose={() => setTarget(null)}
          onConfirm={async () => {
            const done = await switcher.mutateAsync(target);
            toast.success(t('method.switched', { method: label(done.method), day: done.effective_from ?? utcDay(new Date()) }));
          }}
        />
      )}
    </section>
  );
}

/** A fee change that applies from `day` (UTC). */
interface FeeNext {
  rate: string;
  day: string;
}

function FeeText({ fee, next }: { fee: string; next: FeeNext | null }) {
  const { t } = useTranslation('earnings');
  return (
    <>
      <Text tone="secondary">{t('method.fee', { rate: fee })}</Text>
      {next && (
        <Tag color="warning" data-testid="fee-next">
          {t('method.fee_next', { rate: next.rate, day: next.day })}
        </Tag>
      )}
    </>
  );
}

function Current({ item, label, fee, next, text }: { item: PayMethodItem; label: string; fee: string; next: FeeNext | null; text: string }) {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4} data-testid="current-method" style={{ padding: 16, borderRadius: token.borderRadiusLG, background: token.colorFillAlter }}>
      <Text tone="secondary">{t('method.current')}</Text>
      <Flex align="baseline" gap={12} wrap>
        <span style={{ fontSize: 26, fontWeight: 600, color: token.colorTextHeading }}>{label}</span>
        <FeeText fee={fee} next={next} />
        {item.today_method !== item.method && <Tag color="processing">{t('method.from_day', { day: item.effective_from })}</Tag>}
      </Flex>
      <Text>{text}</Text>
    </Flex>
  );
}

interface MethodCardProps {
  method: PayMethod;
  fee: string;
  next: FeeNext | null;
  chosen: boolean;
  inForce: boolean;
  pendingDay: string | null;
  disabled: boolean;
  /** Left out in a read-only view (an observer link). */
  onSwitch?: () => void;
}

function MethodCard({ method, fee, next, chosen, inForce, pendingDay, disabled, onSwitch }: MethodCardProps) {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  const label = PAY_METHOD_LABELS[method];
  const formulaBlocks = method === 'pps_plus' ? t('methods.pps_plus.formula_blocks') : null;
  return (
    <div
      role="listitem"
      aria-label={label}
      data-testid={`method-${method}`}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 10,
        padding: 16,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${chosen ? token.colorPrimary : token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex align="baseline" gap={10} wrap>
          <span style={{ fontSize: 18, fontWeight: 600, color: token.colorTextHeading }}>{label}</span>
          <FeeText fee={fee} next={next} />
        </Flex>
        <Flex gap={4} wrap>
          {chosen && <Tag color="blue">{t('method.chosen')}</Tag>}
          {inForce && <Tag color="success">{t('method.in_force')}</Tag>}
          {pendingDay && <Tag color="processing">{t('method.from_day', { day: pendingDay })}</Tag>}
        </Flex>
      </Flex>
      <Text tone="secondary" style={{ fontSize: 13, lineHeight: 1.6 }}>
        {t(`methods.${method}.summary`)}
      </Text>
      <div
        data-testid={`formula-${method}`}
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          lineHeight: 1.7,
          padding: '8px 12px',
          borderRadius: token.borderRadius,
          background: token.colorFillTertiary,
          color: token.colorText,
          overflowWrap: 'anywhere',
        }}
      >
        <div>{t(`methods.${method}.formula`)}</div>
        {formulaBlocks && <div>{formulaBlocks}</div>}
      </div>
      {onSwitch && (
        <div style={{ marginTop: 'auto' }}>
          <Button icon={<SwapOutlined />} disabled={disabled} onClick={onSwitch} block>
            {t('method.switch_to', { method: label })}
          </Button>
        </div>
      )}
    </div>
  );
}

const LEGEND_SYMBOLS = ['W', 'D', 'k', 'B', 'F', 'R', 'N', 'w', 'fee'] as const;

function Legend({ coin, item }: { coin: CoinInfo; item: PayMethodItem }) {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  const k = formatHashesPerDifficulty(coin.hashesPerDifficulty);
  const market = item.market;
  return (
    <div aria-labelledby="formula-symbols">
      <div id="formula-symbols" role="heading" aria-level={3} style={{ fontWeight: 600, marginBottom: 8 }}>
        {t('legend.title')}
      </div>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 12, rowGap: 4, margin: 0 }}>
        {LEGEND_SYMBOLS.map((symbol) => (
          <div key={symbol} style={{ display: 'contents' }}>
            <dt style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontWeight: 600, color: token.colorTextHeading }}>{symbol === 'fee' ? t('legend.fee_symbol') : symbol}</dt>
            <dd style={{ margin: 0, color: token.colorTextSecondary }}>{t(`legend.${symbol}`, { k, coin: coin.symbol })}</dd>
          </div>
        ))}
      </dl>
      <Paragraph tone="secondary" style={{ margin: '12px 0 0' }} data-testid="market-values">
        {market
          ? t('legend.values', { day: market.day, d: formatDifficulty(market.network_difficulty), b: market.block_subsidy, f: market.avg_fees_per_block, symbol: coin.symbol })
          : t('legend.values_none')}{' '}
        {t('legend.cut', { decimals: coin.baseDecimals, maturity: coinMaturity(coin.code) })}
      </Paragraph>
    </div>
  );
}
