// The operators' red packets (a tab of /admin/wallet): create one (coin, hashrate per share, days,
// shares, total profit budget reserved from sys:promotions, activation deadline, optionally the
// one email that may receive it), and the list with each packet's share link and QR code.
import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, InputNumber, Select } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COINS, createRedPacketBodySchema, formatDateTime, formatHashrate } from '@hashpool/shared';
import { schemaRule } from '../../../../shell/forms/rules';
import { showFormError } from '../../../../shell/forms/server-errors';
import { AmountText } from '../../../../ui/AmountText';
import { AppModal } from '../../../../ui/AppModal';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Pager } from '../../../../ui/Pager';
import { Panel } from '../../../../ui/Panel';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import { useToast } from '../../../../ui/toast';
import { coinLabel } from '../../lib/format';
import type { AdminRedPacket } from '../../promotions.api';
import { useAdminMutations, useAdminPackets } from '../../promotions.queries';
import { SharePanel } from '../SharePanel';
import { PacketStatusTag } from '../StatusTags';

const ACCOUNT_COINS = COINS.filter((c) => c.mode === 'account');
/** Hashrate units of the form: H/s times 1000 per step. */
const UNITS = ['GH/s', 'TH/s', 'PH/s'] as const;
const UNIT_FACTOR: Record<(typeof UNITS)[number], number> = { 'GH/s': 1e9, 'TH/s': 1e12, 'PH/s': 1e15 };

interface PacketForm {
  name: string;
  coin: string;
  hashrate: number;
  unit: (typeof UNITS)[number];
  duration_days: number;
  shares: number;
  budget: string;
  activation_deadline: Dayjs;
  receiving_email?: string;
}

function CreatePacket({ onCreated }: { onCreated: (p: AdminRedPacket) => void }) {
  const { t } = useTranslation(['promotions', 'validation']);
  const [form] = Form.useForm<PacketForm>();
  const toast = useToast();
  const { createPacket } = useAdminMutations();
  const shape = createRedPacketBodySchema.shape;
  const required = { required: true, message: t('validation:required') };
  return (
    <Panel title={t('admin.packets.create')} style={{ maxWidth: 720 }}>
      <Form<PacketForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ coin: 'btc', unit: 'TH/s', hashrate: 100, duration_days: 7, shares: 10 }}
        onFinish={async (v) => {
          const email = v.receiving_email?.trim();
          try {
            const created = await createPacket.mutateAsync({
              name: v.name.trim(),
              coin: v.coin,
              hashrate: v.hashrate * UNIT_FACTOR[v.unit],
              duration_days: v.duration_days,
              shares: v.shares,
              budget: v.budget.trim(),
              activation_deadline: v.activation_deadline.toISOString(),
              ...(email ? { receiving_email: email } : {}),
            });
            toast.success(t('admin.packets.created'));
            form.resetFields();
            onCreated(created);
          } catch (error) {
            showFormError(form, error);
          }
        }}
      >
        <Form.Item name="name" label={t('admin.packets.name')} rules={[schemaRule(shape.name, t)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="coin" label={t('admin.packets.coin')} rules={[required]} style={{ flex: 1, minWidth: 160 }}>
            <Select options={ACCOUNT_COINS.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))} />
          </Form.Item>
          <Form.Item label={t('admin.packets.hashrate')} required style={{ flex: 2, minWidth: 240 }}>
            <Flex gap={8}>
              <Form.Item name="hashrate" noStyle rules={[required]}>
                <InputNumber min={0.001} style={{ flex: 1 }} aria-label={t('admin.packets.hashrate')} />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select style={{ width: 100 }} options={UNITS.map((u) => ({ value: u, label: u }))} aria-label={t('admin.packets.unit')} />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="duration_days" label={t('admin.packets.duration')} rules={[required]} style={{ flex: 1, minWidth: 160 }}>
            <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="shares" label={t('admin.packets.shares')} rules={[required]} style={{ flex: 1, minWidth: 160 }}>
            <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="budget" label={t('admin.packets.budget')} rules={[schemaRule(shape.budget, t)]} style={{ flex: 1, minWidth: 160 }}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="activation_deadline" label={t('admin.packets.deadline')} rules={[required]} style={{ flex: 1, minWidth: 200 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="receiving_email" label={t('admin.packets.email')} extra={t('admin.packets.email_hint')} style={{ flex: 1, minWidth: 200 }}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={createPacket.isPending}>
          {t('admin.packets.submit')}
        </Button>
      </Form>
    </Panel>
  );
}

export function RedPacketsAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const packets = useAdminPackets(page);
  const [sharing, setSharing] = useState<AdminRedPacket | null>(null);
  const columns: DataColumn<AdminRedPacket>[] = [
    { key: 'name', title: t('admin.packets.name'), render: (p) => (p.is_demo ? `${p.name} (${t('demo_label')})` : p.name) },
    { key: 'hashrate', title: t('admin.packets.hashrate'), render: (p) => `${formatHashrate(p.hashrate)} · ${coinLabel(p.coin)} · ${t('packet.days', { count: p.duration_days })}` },
    { key: 'shares', title: t('admin.packets.received'), render: (p) => `${p.received} / ${p.shares}` },
    { key: 'budget', title: t('admin.packets.paid_budget'), align: 'right', render: (p) => <><AmountText value={p.paid} coin={p.coin} symbol={false} /> / <AmountText value={p.budget} coin={p.coin} /></> },
    { key: 'deadline', title: t('admin.packets.deadline'), render: (p) => formatDateTime(p.activation_deadline, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'email', title: t('admin.packets.email'), render: (p) => p.receiving_email ?? '--' },
    { key: 'status', title: t('admin.packets.status'), render: (p) => <PacketStatusTag status={p.status} /> },
    {
      key: 'share',
      align: 'right',
      render: (p) => (
        <Button size="small" icon={<QrcodeOutlined />} onClick={() => setSharing(p)}>
          {t('admin.packets.share')}
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <CreatePacket onCreated={setSharing} />
      {!packets.data ? (
        <PageSpinner />
      ) : (
        <ResponsiveTable rows={packets.data.list} rowKey={(p) => p.id} columns={columns} caption={t('admin.packets.title')} empty={t('admin.packets.empty')} cardTestId="admin-packet" />
      )}
      <Pager page={page} total={packets.data?.total ?? 0} onChange={setPage} />
      {sharing && (
        <AppModal open title={sharing.name} footer={null} onCancel={() => setSharing(null)}>
          <SharePanel id={sharing.id} size={180} />
        </AppModal>
      )}
    </Flex>
  );
}
