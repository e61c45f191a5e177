// The operators' staking pages: /admin/staking (admin) with the stake batches (create, edit: days,
// rates, status, duration and stake type, capacity) and the loan products (range, rate, period,
// lending capacity, automatic approval below an amount), and /admin/loans (finance and admin)
// with the loans, those waiting for approval first. The server audits every change.
import { useState } from 'react';
import { Button, Flex, Form, Input, Segmented, Select, Tag } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { AdminEditDialog } from '../../../shell/forms/AdminEditDialog';
import { NamesPerLanguage } from '../../../shell/forms/NamesPerLanguage';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { LoanStatusTag } from './LoanStatusTag';
import { percent } from './BatchTerms';
import { stakingApi, type AdminBatch, type AdminLoan, type AdminProduct, type LoanProductBody, type StakeBatchBody } from '../staking.api';
import { adminKeys, useAdminRefresh } from '../staking.queries';

const required = { required: true, whitespace: true };

function BatchDialog({ batch, onClose }: { batch: AdminBatch | null; onClose: () => void }) {
  const { t } = useTranslation('staking');
  const [form] = Form.useForm<StakeBatchBody>();
  const refresh = useAdminRefresh();
  const save = useMutation({ mutationFn: (body: StakeBatchBody) => stakingApi.saveBatch(batch?.id ?? null, body), onSuccess: refresh });
  const initial: Partial<StakeBatchBody> = batch
    ? { code: batch.code, start_day: batch.start_day, end_day: batch.end_day, annual_rate: batch.annual_rate, fee_rate: batch.fee_rate, status: batch.status, duration_type: batch.duration_type, stake_type: batch.stake_type, max_amount: batch.max_amount }
    : { status: 'draft', duration_type: 'flexible', stake_type: 'adjustable', fee_rate: '0' };
  return (
    <AdminEditDialog<StakeBatchBody> form={form} title={batch ? t('admin.edit_batch') : t('admin.new_batch')} initialValues={initial} onSave={(v) => save.mutateAsync(v)} saving={save.isPending} savedText={t('admin.saved')} onClose={onClose}>
      <Form.Item name="code" label={t('admin.batch_id')} rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="start_day" label={t('admin.start_day')} rules={[required]} style={{ flex: 1 }}>
          <Input placeholder="2026-12-01" />
        </Form.Item>
        <Form.Item name="end_day" label={t('admin.end_day')} rules={[required]} style={{ flex: 1 }}>
          <Input placeholder="2027-03-01" />
        </Form.Item>
      </Flex>
      <Flex gap={12}>
        <Form.Item name="annual_rate" label={t('admin.annual_rate')} extra={t('admin.rate_hint')} rules={[required]} style={{ flex: 1 }}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="fee_rate" label={t('admin.fee_rate')} rules={[required]} style={{ flex: 1 }}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Flex>
      <Form.Item name="max_amount" label={t('admin.max_amount')} rules={[required]}>
        <Input inputMode="decimal" suffix="ALEO" />
      </Form.Item>
      <Form.Item name="status" label={t('admin.status')}>
        <Select options={(['draft', 'active', 'inactive'] as const).map((s) => ({ value: s, label: t(`admin.batch_states.${s}`) }))} />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="duration_type" label={t('admin.duration')} style={{ flex: 1 }}>
          <Select options={(['fixed', 'flexible'] as const).map((s) => ({ value: s, label: t(`duration.${s}`) }))} />
        </Form.Item>
        <Form.Item name="stake_type" label={t('admin.stake_type')} style={{ flex: 1 }}>
          <Select options={(['adjustable', 'full_lock'] as const).map((s) => ({ value: s, label: t(`type.${s}`) }))} />
        </Form.Item>
      </Flex>
    </AdminEditDialog>
  );
}

type ProductForm = Omit<LoanProductBody, 'auto_approve_below'> & { auto_approve_below?: string };

function ProductDialog({ product, onClose }: { product: AdminProduct | null; onClose: () => void }) {
  const { t } = useTranslation('staking');
  const [form] = Form.useForm<ProductForm>();
  const refresh = useAdminRefresh();
  const save = useMutation({ mutationFn: (body: LoanProductBody) => stakingApi.saveProduct(product?.id ?? null, body), onSuccess: refresh });
  const initial: Partial<ProductForm> = product
    ? { name: product.name, names: product.names, min_amount: product.min_amount, max_amount: product.max_amount, rate: product.rate, rate_period: product.rate_period, period_days: product.period_days, capacity: product.capacity, auto_approve_below: product.auto_approve_below ?? '', status: product.status }
    : { rate_period: 'annual', period_days: 30, status: 'active' };
  return (
    <AdminEditDialog<ProductForm>
      form={form}
      title={product ? t('admin.edit_product') : t('admin.new_product')}
      initialValues={initial}
      onSave={(v) => save.mutateAsync({ ...v, names: v.names ?? {}, auto_approve_below: v.auto_approve_below?.trim() ? v.auto_approve_below.trim() : null })}
      saving={save.isPending}
      savedText={t('admin.saved')}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('admin.product_name')} rules={[required]}>
        <Input autoComplete="off" maxLength={60} />
      </Form.Item>
      <NamesPerLanguage max={60} />
      <Flex gap={12}>
        <Form.Item name="min_amount" label={t('admin.min_amount')} rules={[required]} style={{ flex: 1 }}>
          <Input inputMode="decimal" suffix="ALEO" />
        </Form.Item>
        <Form.Item name="max_amount" label={t('admin.max_amount_loan')} rules={[required]} style={{ flex: 1 }}>
          <Input inputMode="decimal" suffix="ALEO" />
        </Form.Item>
      </Flex>
      <Flex gap={12}>
        <Form.Item name="rate" label={t('admin.rate')} extra={t('admin.rate_hint')} rules={[required]} style={{ flex: 1 }}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="rate_period" label={t('admin.rate_period')} style={{ flex: 1 }}>
          <Select options={(['daily', 'annual'] as const).map((s) => ({ value: s, label: t(`admin.periods.${s}`) }))} />
        </Form.Item>
      </Flex>
      <Flex gap={12}>
        <Form.Item name="period_days" label={t('admin.period_days')} rules={[{ required: true }]} style={{ flex: 1 }}>
          <NumberInput min={1} max={3650} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="capacity" label={t('admin.capacity')} rules={[required]} style={{ flex: 1 }}>
          <Input inputMode="decimal" suffix="ALEO" />
        </Form.Item>
      </Flex>
      <Form.Item name="auto_approve_below" label={t('admin.auto_approve')} extra={t('admin.auto_approve_hint')}>
        <Input inputMode="decimal" suffix="ALEO" />
      </Form.Item>
      <Form.Item name="status" label={t('admin.status')}>
        <Select options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`admin.batch_states.${s}`) }))} />
      </Form.Item>
    </AdminEditDialog>
  );
}

/** A list not loaded yet: a spinner, or that it failed. */
function LoadState({ failed }: { failed: boolean }) {
  const { t } = useTranslation('staking');
  return failed ? <Paragraph tone="secondary">{t('admin.load_failed')}</Paragraph> : <PageSpinner />;
}

export function LoansAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('staking');
  const toast = useToast();
  const [status, setStatus] = useState<string>('pending');
  const loans = useQuery({ queryKey: adminKeys.loans(status), queryFn: () => stakingApi.adminLoans(status === 'all' ? undefined : status) });
  const refresh = useAdminRefresh();
  const decide = useMutation({ mutationFn: (a: { id: string; approve: boolean }) => stakingApi.decide(a.id, a.approve), onSettled: refresh });
  // The row whose decision is on its way: both its buttons wait for the answer.
  const deciding = (id: string, approve?: boolean) => decide.isPending && decide.variables.id === id && (approve === undefined || decide.variables.approve === approve);
  const columns: DataColumn<AdminLoan>[] = [
    { key: 'created', title: t('loan.created'), render: (l) => formatDateTime(l.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'account', title: t('admin.account'), render: (l) => l.account_name ?? '-' },
    { key: 'product', title: t('loan.product'), render: (l) => l.product_name },
    { key: 'amount', title: t('loan.amount'), align: 'right', render: (l) => `${l.amount} ALEO` },
    { key: 'debt', title: t('loan.debt'), align: 'right', render: (l) => `${l.debt} ALEO` },
    { key: 'status', title: t('loan.status'), render: (l) => <LoanStatusTag status={l.status} /> },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (l) =>
        l.status === 'pending' && (
          <Flex gap={8} justify="flex-end">
            <Button size="small" type="primary" disabled={deciding(l.id)} loading={deciding(l.id, true)} onClick={() => decide.mutateAsync({ id: l.id, approve: true }).then(() => toast.success(t('admin.approved')), () => undefined)}>
              {t('admin.approve')}
            </Button>
            <Button size="small" danger disabled={deciding(l.id)} loading={deciding(l.id, false)} onClick={() => decide.mutateAsync({ id: l.id, approve: false }).then(() => toast.success(t('admin.rejected')), () => undefined)}>
              {t('admin.reject')}
            </Button>
          </Flex>
        ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Segmented value={status} onChange={(v) => setStatus(String(v))} style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }} options={['pending', 'active', 'completed', 'cancelled', 'all'].map((s) => ({ value: s, label: s === 'all' ? t('admin.all') : t(`loan.states.${s}`) }))} />
      {loans.data ? <ResponsiveTable rows={loans.data} rowKey={(l) => l.id} columns={columns} caption={t('admin.loans')} empty={t('admin.no_loans')} cardTestId="admin-loan" /> : <LoadState failed={loans.isError} />}
    </Flex>
  );
}

export function StakingAdmin() {
  const { t } = useTranslation('staking');
  const batches = useQuery({ queryKey: adminKeys.batches, queryFn: stakingApi.adminBatches });
  const products = useQuery({ queryKey: adminKeys.products, queryFn: stakingApi.adminProducts });
  const [batch, setBatch] = useState<AdminBatch | null | undefined>(undefined);
  const [product, setProduct] = useState<AdminProduct | null | undefined>(undefined);
  const batchColumns: DataColumn<AdminBatch>[] = [
    { key: 'code', title: t('admin.batch_id'), render: (b) => <>{b.code} {b.demo && <Tag color="orange">{t('demo')}</Tag>}</> },
    { key: 'days', title: t('admin.days'), render: (b) => `${b.start_day} – ${b.end_day}` },
    { key: 'rate', title: t('admin.annual_rate'), align: 'right', render: (b) => `${percent(b.annual_rate)} (${t('admin.fee_short', { fee: percent(b.fee_rate) })})` },
    { key: 'type', title: t('admin.duration'), render: (b) => `${t(`duration.${b.duration_type}`)} · ${t(`type.${b.stake_type}`)}` },
    { key: 'staked', title: t('admin.staked'), align: 'right', render: (b) => `${b.staked_amount} / ${b.max_amount} ALEO (${b.active_stakes})` },
    { key: 'status', title: t('admin.status'), render: (b) => <Tag color={b.status === 'active' ? 'green' : b.status === 'draft' ? 'default' : 'red'}>{t(`admin.batch_states.${b.status}`)}</Tag> },
  ];
  const productColumns: DataColumn<AdminProduct>[] = [
    { key: 'name', title: t('admin.product_name'), render: (p) => <>{p.name} {p.demo && <Tag color="orange">{t('demo')}</Tag>}</> },
    { key: 'range', title: t('admin.range'), align: 'right', render: (p) => `${p.min_amount} – ${p.max_amount} ALEO` },
    { key: 'rate', title: t('admin.rate'), align: 'right', render: (p) => t(`loan.rate_${p.rate_period}`, { rate: percent(p.rate) }) },
    { key: 'period', title: t('admin.period_days'), align: 'right', render: (p) => p.period_days },
    { key: 'capacity', title: t('admin.capacity'), align: 'right', render: (p) => `${p.available_capacity} / ${p.capacity} ALEO` },
    { key: 'auto', title: t('admin.auto_approve'), align: 'right', render: (p) => p.auto_approve_below ?? '-' },
    { key: 'status', title: t('admin.status'), render: (p) => t(`admin.batch_states.${p.status}`) },
  ];
  return (
    <Flex vertical gap={24}>
      <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('admin.intro')}
      </Paragraph>
      <section>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Title level={3} style={{ fontSize: 16 }}>{t('admin.batches')}</Title>
          <Button icon={<PlusOutlined />} onClick={() => setBatch(null)}>{t('admin.new_batch')}</Button>
        </Flex>
        {batches.data ? <ResponsiveTable rows={batches.data} rowKey={(b) => b.id} columns={batchColumns} caption={t('admin.batches')} empty={t('admin.no_batches')} onRowClick={(b) => setBatch(b)} cardTestId="admin-batch" /> : <LoadState failed={batches.isError} />}
      </section>
      <section>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Title level={3} style={{ fontSize: 16 }}>{t('admin.products')}</Title>
          <Button icon={<PlusOutlined />} onClick={() => setProduct(null)}>{t('admin.new_product')}</Button>
        </Flex>
        {products.data ? <ResponsiveTable rows={products.data} rowKey={(p) => p.id} columns={productColumns} caption={t('admin.products')} empty={t('admin.no_products')} onRowClick={(p) => setProduct(p)} cardTestId="admin-product" /> : <LoadState failed={products.isError} />}
      </section>
      {batch !== undefined && <BatchDialog batch={batch} onClose={() => setBatch(undefined)} />}
      {product !== undefined && <ProductDialog product={product} onClose={() => setProduct(undefined)} />}
    </Flex>
  );
}
