// The operators' contract pages: the payment review (/admin/contract-payments, finance and admin:
// orders by status, checking first; open the certificate, confirm the payment or reject it with a
// reason the user sees) and /admin/contracts (admin): the products (create and edit, audited) and
// the pool's bank details shown to bank-transfer orders (audited).
import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, Select, Segmented, Tag } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_COINS_LIST, CONTRACT_ORDER_STATUSES, CONTRACT_PRODUCT_SET_STATUSES, formatDateTime, HASHRATE_UNITS, LANGUAGES, type ContractOrderStatus } from './admin-constants';
import { apiDownload } from '../../../shell/api/client';
import { presentFailure } from '../../../shell/api/error-presenter';
import { openFileInNewTab } from '../../../ui/save-file';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { NamesPerLanguage } from '../../../shell/forms/NamesPerLanguage';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { isoToWallTime, wallTimeToIso } from '../../../ui/wall-time';
import type { BankDetails, ContractProductBody, Order, Product } from '../contracts.api';
import { CONTRACT_PAGE_SIZE, useAdminOrders, useAdminProducts, useBankDetails, useContractMutations } from '../contracts.queries';
import { coinSymbol, hashrateText, OrderStatusTag } from './ContractParts';

type Decision = { kind: 'confirm' | 'reject'; order: Order } | null;

function Review({ timezone }: { timezone: string }) {
  const { t } = useTranslation('contracts');
  const [status, setStatus] = useState<ContractOrderStatus>('checking');
  const [page, setPage] = useState(1);
  const orders = useAdminOrders({ page, status });
  const { confirm, reject } = useContractMutations();
  const [decision, setDecision] = useState<Decision>(null);
  const columns: DataColumn<Order>[] = [
    { key: 'time', title: t('orders.columns.time'), render: (o) => formatDateTime(o.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'account', title: t('admin.account'), render: (o) => o.account ?? '' },
    { key: 'product', title: t('orders.columns.product'), render: (o) => `${o.product_name} × ${o.units}` },
    { key: 'amount', title: t('orders.columns.amount'), align: 'right', render: (o) => `${o.pay_amount} ${o.pay_currency}` },
    { key: 'method', title: t('fields.pay_method'), render: (o) => `${t(`pay_method.${o.pay_method}`)} · ${o.pay_reference}` },
    { key: 'status', title: t('orders.columns.status'), render: (o) => <OrderStatusTag status={o.status} /> },
    {
      key: 'actions',
      title: '',
      render: (o) => (
        <Flex gap={4} wrap>
          {o.has_certificate && (
            <Button size="small" onClick={() => void openFileInNewTab(async () => (await apiDownload(`/contracts/orders/${encodeURIComponent(o.id)}/certificate`)).blob).catch(presentFailure)}>
              {t('admin.certificate')}
            </Button>
          )}
          {(o.status === 'unpaid' || o.status === 'checking') && (
            <>
              {/* A balance order is paid by its owner: there is nothing to confirm (contract_confirm_balance). */}
              {o.pay_method !== 'balance' && (
                <Button size="small" type="primary" onClick={() => setDecision({ kind: 'confirm', order: o })} data-testid="admin-confirm">
                  {t('admin.confirm')}
                </Button>
              )}
              <Button size="small" danger onClick={() => setDecision({ kind: 'reject', order: o })}>
                {t('admin.reject')}
              </Button>
            </>
          )}
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Select aria-label={t('orders.filter')} style={{ width: 200 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={CONTRACT_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      {!orders.data ? (
        orders.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <>
          <ResponsiveTable rows={orders.data.list} rowKey={(o) => o.id} columns={columns} caption={t('admin.review')} empty={t('admin.queue_empty')} cardTestId="admin-contract-order" />
          <Pager page={page} total={orders.data.total} onChange={setPage} pageSize={CONTRACT_PAGE_SIZE} />
        </>
      )}
      {decision?.kind === 'confirm' && (
        <ConfirmDialog title={t('admin.confirm')} text={t('admin.confirm_text', { reference: decision.order.pay_reference, amount: `${decision.order.pay_amount} ${decision.order.pay_currency}` })} okText={t('admin.confirm')} danger={false} onConfirm={() => confirm.mutateAsync([decision.order.id])} onClose={() => setDecision(null)} />
      )}
      {decision?.kind === 'reject' && (
        <FormDialog<{ reason: string }> title={t('admin.reject')} okText={t('admin.reject')} danger onClose={() => setDecision(null)} onSubmit={(v) => reject.mutateAsync([decision.order.id, v.reason])}>
          <Form.Item name="reason" label={t('admin.reason')} rules={[{ required: true, whitespace: true, message: t('admin.reason_required') }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </FormDialog>
      )}
    </Flex>
  );
}

type ProductForm = Omit<ContractProductBody, 'sale_start' | 'sale_end' | 'terms' | 'names'> & { window: [Dayjs, Dayjs]; terms: Record<string, string | undefined>; names: Record<string, string | undefined> };

/** The form's values; the sale window shown as wall times in the operator's timezone. */
function toForm(p: Product | null, timezone: string): Partial<ProductForm> {
  if (!p) return { coin: 'btc', hashrate_unit: 'TH/s', duration_days: 30, fiat_currency: 'USD', management_fee: '0', power_watts: '0', electricity_rate: '0', inventory: 100, status: 'draft', price_fiat: null, terms: {}, names: {} };
  return { ...p, hashrate_unit: p.hashrate_unit as ProductForm['hashrate_unit'], status: p.set_status, window: [isoToWallTime(p.sale_start, timezone), isoToWallTime(p.sale_end, timezone)], terms: p.terms, names: p.names };
}

/**
 * The body to save; `loaded` is the product the form was opened with (its inventory then:
 * inventory_was); the sale window was picked as wall times in `timezone`.
 */
function fromForm(v: ProductForm, loaded: Product | null, timezone: string): ContractProductBody {
  const { window, terms, names, ...rest } = v;
  return {
    ...rest,
    ...(loaded ? { inventory_was: loaded.inventory } : {}),
    price_fiat: rest.price_fiat ? String(rest.price_fiat) : null,
    sale_start: wallTimeToIso(window[0], timezone),
    sale_end: wallTimeToIso(window[1], timezone),
    terms: Object.fromEntries(Object.entries(terms ?? {}).filter(([, text]) => text && text.trim())) as ContractProductBody['terms'],
    names: Object.fromEntries(Object.entries(names ?? {}).filter(([, text]) => text && text.trim())) as ContractProductBody['names'],
  };
}

function Products({ timezone }: { timezone: string }) {
  const { t } = useTranslation('contracts');
  const products = useAdminProducts();
  const { saveProduct } = useContractMutations();
  const [editing, setEditing] = useState<Product | null | 'new'>(null);
  const columns: DataColumn<Product>[] = [
    { key: 'name', title: t('admin.name'), render: (p) => <Flex gap={4} wrap><span>{p.name}</span>{p.demo && <Tag>{t('demo')}</Tag>}</Flex> },
    { key: 'spec', title: t('fields.hashrate'), render: (p) => `${coinSymbol(p.coin)} · ${hashrateText(p.hashrate, p.hashrate_unit)} · ${t('days', { count: p.duration_days })}` },
    { key: 'price', title: t('fields.price'), align: 'right', render: (p) => `${p.price_usdt} USDT` },
    { key: 'stock', title: t('fields.inventory'), align: 'right', render: (p) => `${p.inventory} / ${p.sold}` },
    { key: 'status', title: t('orders.columns.status'), render: (p) => t(`product_status.${p.status}`) },
    { key: 'edit', title: '', render: (p) => <Button size="small" onClick={() => setEditing(p)}>{t('admin.edit')}</Button> },
  ];
  const current = editing === 'new' ? null : editing;
  return (
    <Flex vertical gap={12} align="flex-start">
      <Button type="primary" onClick={() => setEditing('new')}>{t('admin.new_product')}</Button>
      {!products.data ? products.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner /> : <ResponsiveTable rows={products.data.list} rowKey={(p) => p.id} columns={columns} caption={t('admin.products')} empty={t('list.empty')} />}
      {editing !== null && (
        <FormDialog<ProductForm> title={current ? t('admin.edit') : t('admin.new_product')} initialValues={toForm(current, timezone)} onClose={() => setEditing(null)} onSubmit={(v) => saveProduct.mutateAsync([current?.id ?? null, fromForm(v, current, timezone)])}>
          <Form.Item name="name" label={t('admin.name')} rules={[{ required: true, whitespace: true }]}><Input maxLength={100} /></Form.Item>
          <Flex gap={8} wrap>
            <Form.Item name="coin" label={t('fields.coin')}><Select style={{ width: 120 }} options={ACCOUNT_COINS_LIST.map((c) => ({ value: c, label: coinSymbol(c) }))} /></Form.Item>
            <Form.Item name="hashrate" label={t('fields.hashrate')} rules={[{ required: true }]}><Input style={{ width: 120 }} /></Form.Item>
            <Form.Item name="hashrate_unit" label={t('admin.unit')}><Select style={{ width: 100 }} options={HASHRATE_UNITS.map((u) => ({ value: u, label: u }))} /></Form.Item>
            <Form.Item name="duration_days" label={t('fields.duration')}><NumberInput min={1} max={3650} precision={0} /></Form.Item>
          </Flex>
          <Flex gap={8} wrap>
            <Form.Item name="price_usdt" label={t('admin.price_usdt')} rules={[{ required: true }]}><Input style={{ width: 120 }} /></Form.Item>
            <Form.Item name="price_fiat" label={t('admin.price_fiat')}><Input style={{ width: 120 }} /></Form.Item>
            <Form.Item name="fiat_currency" label={t('admin.fiat_currency')}><Input style={{ width: 80 }} maxLength={3} /></Form.Item>
          </Flex>
          <Flex gap={8} wrap>
            <Form.Item name="power_watts" label={t('fields.power')}><Input style={{ width: 110 }} /></Form.Item>
            <Form.Item name="electricity_rate" label={t('fields.electricity_rate')}><Input style={{ width: 110 }} /></Form.Item>
            <Form.Item name="management_fee" label={t('fields.management_fee')}><Input style={{ width: 110 }} /></Form.Item>
            <Form.Item name="inventory" label={t('fields.inventory')}><NumberInput min={0} precision={0} /></Form.Item>
          </Flex>
          <Form.Item name="window" label={t('fields.sale_window_in', { timezone })} rules={[{ required: true }]}><DatePicker.RangePicker showTime /></Form.Item>
          <Form.Item name="status" label={t('orders.columns.status')}><Segmented options={CONTRACT_PRODUCT_SET_STATUSES.map((s) => ({ value: s, label: t(`product_status.${s}`) }))} /></Form.Item>
          <NamesPerLanguage max={100} />
          {LANGUAGES.map((lang) => (
            <Form.Item key={lang} name={['terms', lang]} label={t('admin.terms_in', { lang })}><Input.TextArea rows={2} /></Form.Item>
          ))}
        </FormDialog>
      )}
    </Flex>
  );
}

function Bank() {
  const { t } = useTranslation('contracts');
  const toast = useToast();
  const bank = useBankDetails();
  const { setBank } = useContractMutations();
  const [form] = Form.useForm<BankDetails>();
  if (!bank.data) return bank.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  return (
    <Form form={form} layout="vertical" initialValues={bank.data} style={{ maxWidth: 480 }} onFinish={(v) => setBank.mutate([v], { onSuccess: () => toast.success(t('admin.saved')) })}>
      <Text tone="secondary">{t('admin.bank_hint')}</Text>
      {(['bank_name', 'account_name', 'account_number', 'swift', 'note'] as const).map((field) => (
        <Form.Item key={field} name={field} label={t(`bank.${field}`)}>
          {field === 'note' ? <Input.TextArea rows={2} maxLength={1000} /> : <Input maxLength={200} />}
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={setBank.isPending}>{t('admin.save')}</Button>
    </Form>
  );
}

export function ContractPaymentsAdmin({ timezone }: { timezone: string }) {
  return <Review timezone={timezone} />;
}

export function ContractsAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('contracts');
  const [section, setSection] = useState<'products' | 'bank'>('products');
  return (
    <Flex vertical gap={16}>
      <Segmented value={section} onChange={setSection} options={[{ value: 'products', label: t('admin.products') }, { value: 'bank', label: t('admin.bank') }]} />
      {section === 'products' ? <Products timezone={timezone} /> : <Bank />}
    </Flex>
  );
}
