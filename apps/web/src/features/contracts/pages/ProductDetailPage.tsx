// /contract/detail?id= (contract.view): one product in full, its terms in the user's language,
// and the order form: units (at most what is left), the payment method (USDT on TRC20 or ERC20,
// bank transfer) and the agreement to the terms. The order reserves the units and opens its page,
// where it is paid; unpaid, it is cancelled after 2 hours.
import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Flex, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shell/api/api-error';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { Text } from '../../../ui/Text';
import { contractsApi, type NewOrder, type Product } from '../contracts.api';
import { useProduct } from '../contracts.queries';
import { coinSymbol, ContractFrame, contractPaths, Field, hashrateText } from '../components/ContractParts';
import { termsOf } from '../components/terms';

function OrderForm({ p }: { p: Product }) {
  const { t } = useTranslation('contracts');
  const navigate = useSafeNavigate();
  const [units, setUnits] = useState<number | null>(1);
  const [method, setMethod] = useState<NewOrder['pay_method']>('usdt_trc20');
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per filled form: a retry after a lost answer gets the same order.
  const key = useMemo(() => crypto.randomUUID(), [units, method, agree]);
  const open = p.status === 'on_sale';
  const total = units ? (Number(p.price_usdt) * units).toFixed(2) : '-';
  const submit = async () => {
    if (!units) return;
    setBusy(true);
    setError(null);
    try {
      const order = await contractsApi.order({ product_id: p.id, units, pay_method: method, agree_terms: agree }, key);
      navigate(contractPaths.order(order.id));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('order_form.title')}>
      <Flex vertical gap={16} style={{ maxWidth: 520 }}>
        <label>
          <Text>{t('order_form.units', { count: p.inventory })}</Text>
          <InputNumber data-testid="order-units" style={{ display: 'block', width: '100%', marginTop: 4 }} min={1} max={Math.max(1, p.inventory)} precision={0} value={units} onChange={setUnits} disabled={!open} />
        </label>
        <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as NewOrder['pay_method'])} disabled={!open}>
          <Flex vertical gap={6}>
            <Radio value="usdt_trc20">{t('pay_method.usdt_trc20')}</Radio>
            <Radio value="usdt_erc20">{t('pay_method.usdt_erc20')}</Radio>
            {p.price_fiat !== null && <Radio value="bank">{t('pay_method.bank')}</Radio>}
          </Flex>
        </Radio.Group>
        <Text strong>{method === 'bank' && units ? t('order_form.total_fiat', { amount: (Number(p.price_fiat) * units).toFixed(2), currency: p.fiat_currency }) : t('order_form.total', { amount: total })}</Text>
        <Text tone="secondary">{t('order_form.balance_hint')}</Text>
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
  const back = (
    <SafeLink to={contractPaths.list}>
      <Button>{t('back_to_list')}</Button>
    </SafeLink>
  );
  if (!id || product.isError) return <ContractFrame title={t('detail.title')}><StatusResult status="not-found" title={t('detail.not_found')} extra={back} /></ContractFrame>;
  if (!product.data) return <PageSpinner />;
  const p = product.data;
  return (
    <ContractFrame title={p.name} subtitle={p.demo ? t('demo_note') : undefined}>
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
          <Field label={t('fields.sale_window')}>{`${p.sale_start.slice(0, 10)} – ${p.sale_end.slice(0, 10)}`}</Field>
        </dl>
      </Panel>
      <OrderForm p={p} />
      <Panel title={t('terms.title')}>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{termsOf(p, i18n.language) || t('terms.none')}</Text>
      </Panel>
    </ContractFrame>
  );
}
