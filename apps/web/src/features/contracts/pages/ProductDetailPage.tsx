// /contract/detail?id= (contract.view): one product in full, its terms in the user's language,
// and the order form: units (at most what is left), how to pay, chosen before ordering (the wallet
// balance, a USDT transfer on the networks the pool takes (TRC20, ERC20), or a bank transfer when the product has a fiat price),
// and the agreement to the terms. The order reserves the units and opens its page, where it is paid
// the chosen way (a balance order opens its pay dialog at once); unpaid, it is cancelled after 2 hours.
import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Radio, Segmented } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { formatDateTime, nameOf, type UsdtNetwork } from '@hashpool/shared';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/error-text';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { randomUuid } from '../../../shell/api/idempotency';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { timesWhole, withPlaces } from '../../../ui/decimal';
import { Text } from '../../../ui/Text';
import { contractsApi, type NewOrder, type Product } from '../contracts.api';
import { useProduct } from '../contracts.queries';
import { coinSymbol, ContractFrame, contractPaths, Field, hashrateText } from '../components/ContractParts';
import { termsOf } from '../components/terms';

/** The three ways to pay offered before ordering; USDT then asks for its network. */
const PAY_WAYS = ['balance', 'usdt', 'bank'] as const;
type PayWay = (typeof PAY_WAYS)[number];

function OrderForm({ p }: { p: Product }) {
  const { t } = useTranslation('contracts');
  const navigate = useSafeNavigate();
  const [units, setUnits] = useState<number | null>(1);
  const [way, setWay] = useState<PayWay>('balance');
  // Only the networks the pool takes payments on (a chain an operator disabled is not offered).
  const networks = p.usdt_networks;
  const [network, setNetwork] = useState<UsdtNetwork>(networks[0] ?? 'usdt_trc20');
  const method: NewOrder['pay_method'] = way === 'usdt' ? network : way;
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per filled form: a retry after a lost answer gets the same order.
  // crypto.randomUUID is missing on plain-http origins (a pool on a LAN): the shell's generator works everywhere.
  const key = useMemo(() => randomUuid(), [units, method, agree]);
  const open = p.status === 'on_sale';
  // Exact, as the order will charge it (a price may have up to 18 decimals): never rounded here.
  const totalOf = (unitPrice: string | null) => {
    const exact = units && unitPrice ? timesWhole(unitPrice, units) : null;
    return exact === null ? '-' : withPlaces(exact, 2);
  };
  const total = totalOf(p.price_usdt);
  const submit = async () => {
    if (!units) return;
    setBusy(true);
    setError(null);
    try {
      const order = await contractsApi.order({ product_id: p.id, units, pay_method: method, agree_terms: agree }, key);
      navigate(method === 'balance' ? `${contractPaths.order(order.id)}?pay=balance` : contractPaths.order(order.id));
    } catch (caught) {
      setError(caught instanceof ApiError ? errorText(caught, t) : t('common:error.request_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('order_form.title')}>
      <Flex vertical gap={16} style={{ maxWidth: 520 }}>
        <label>
          <Text>{t('order_form.units', { count: p.inventory })}</Text>
          <NumberInput data-testid="order-units" style={{ display: 'block', width: '100%', marginTop: 4 }} min={1} max={Math.max(1, p.inventory)} precision={0} value={units} onChange={setUnits} disabled={!open} />
        </label>
        <Flex vertical gap={6}>
          <Text id="order-pay-way">{t('order_form.method')}</Text>
          <Radio.Group aria-labelledby="order-pay-way" value={way} onChange={(e) => setWay(e.target.value as PayWay)} disabled={!open} data-testid="order-pay-way">
            <Flex vertical gap={10}>
              {PAY_WAYS.filter((w) => (w !== 'bank' || p.price_fiat !== null) && (w !== 'usdt' || networks.length > 0)).map((w) => (
                <Radio key={w} value={w} data-testid={`pay-way-${w}`}>
                  <Flex vertical>
                    <Text>{t(`order_form.way.${w}`)}</Text>
                    <Text tone="secondary" style={{ fontSize: 12 }}>{w === 'balance' ? t('order_form.way_hint.balance', { coin: coinSymbol(p.coin) }) : t(`order_form.way_hint.${w}`)}</Text>
                  </Flex>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Flex>
        {way === 'usdt' && (
          <Flex vertical gap={6}>
            <Text id="order-network">{t('payment.network')}</Text>
            <Segmented<UsdtNetwork> aria-labelledby="order-network" value={network} onChange={setNetwork} disabled={!open} data-testid="order-network" options={networks.map((n) => ({ value: n, label: t(`pay_method.${n}`) }))} />
          </Flex>
        )}
        <Text strong data-testid="order-total">
          {way === 'bank' && units
            ? t('order_form.total_fiat', { amount: totalOf(p.price_fiat), currency: p.fiat_currency })
            : way === 'balance'
              ? t('order_form.total_balance', { amount: total, coin: coinSymbol(p.coin) })
              : t('order_form.total', { amount: total })}
        </Text>
        <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} disabled={!open} data-testid="order-agree">
          {t('order_form.agree')} <SafeLink to={contractPaths.terms(p.id)}>{t('order_form.terms_link')}</SafeLink>
        </Checkbox>
        {error && <Alert type="error" showIcon message={error} />}
        <Button type="primary" onClick={() => void submit()} loading={busy} disabled={!open || !agree || !units} data-testid="order-submit">
          {t('order_form.submit')}
        </Button>
        <Text tone="secondary">{t('order_form.auto_cancel')}</Text>
      </Flex>
    </Panel>
  );
}

export default function ProductDetailPage() {
  const { t, i18n } = useTranslation('contracts');
  const [params] = useSearchParams();
  const id = params.get('id');
  const product = useProduct(id);
  const timezone = useTimezone();
  // The sale window in the user's timezone, as the operator set it in theirs.
  const time = (iso: string) => formatDateTime(iso, timezone, 'YYYY-MM-DD HH:mm');
  const back = (
    <SafeLink to={contractPaths.list}>
      <Button>{t('back_to_list')}</Button>
    </SafeLink>
  );
  if (!id || product.isError) return <ContractFrame title={t('detail.title')}><StatusResult status="not-found" title={t('detail.not_found')} extra={back} /></ContractFrame>;
  if (!product.data) return <PageSpinner />;
  const p = product.data;
  return (
    <ContractFrame title={nameOf(p, i18n.language)} subtitle={p.demo ? t('demo_note') : undefined}>
      <Panel title={t('detail.facts')}>
        <dl style={{ margin: 0 }}>
          <Field label={t('fields.coin')}>{coinSymbol(p.coin)}</Field>
          <Field label={t('fields.hashrate')}>{hashrateText(p.hashrate, p.hashrate_unit)}</Field>
          <Field label={t('fields.duration')}>{t('days', { count: p.duration_days })}</Field>
          <Field label={t('fields.price')}>{`${p.price_usdt} USDT`}{p.price_fiat !== null ? ` · ${p.price_fiat} ${p.fiat_currency}` : ''}</Field>
          <Field label={t('fields.power')}>{`${p.power_watts} W`}</Field>
          <Field label={t('fields.electricity_rate')}>{`${p.electricity_rate} USD/kWh`}</Field>
          <Field label={t('fields.management_fee')}>{`${p.management_fee} %`}</Field>
          <Field label={t('fields.inventory')}>{p.inventory}</Field>
          <Field label={t('fields.estimate')}>{p.estimated_daily_net === null ? t('product.no_estimate') : `${p.estimated_daily_net} ${coinSymbol(p.coin)}`}</Field>
          <Field label={t('fields.sale_window_in', { timezone })}>{`${time(p.sale_start)} – ${time(p.sale_end)}`}</Field>
        </dl>
      </Panel>
      <OrderForm p={p} />
      <Panel title={t('terms.title')}>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{termsOf(p, i18n.language) || t('terms.none')}</Text>
      </Panel>
    </ContractFrame>
  );
}
