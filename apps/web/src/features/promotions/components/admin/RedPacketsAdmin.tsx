// The operators' red packets (a tab of /admin/wallet): create one (coin, hashrate per share, days,
// shares, total profit budget reserved from sys:promotions, activation deadline, optionally the
// one email that may receive it; sent with an Idempotency-Key kept for retries of one packet), where users may fund packets from their own balance, and the
// list (the pool's and the users' packets) with each packet's share link and QR code, and
// cancelling a packet that still has shares (the budget of those returns to its funder; audited).
import { useRef, useState } from 'react';
import { Button, Flex, Form, Select, Switch } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COINS, formatDateTime, formatHashrate, PROMO_LIMITS, type NewRedPacket, type UserPacketSettings } from '@hashpool/shared';
import { useIdempotencyKey } from '../../../../shell/api/idempotency';
import { showFormError } from '../../../../shell/forms/server-errors';
import { AmountText } from '../../../../ui/AmountText';
import { AppModal } from '../../../../ui/AppModal';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Pager } from '../../../../ui/Pager';
import { Panel } from '../../../../ui/Panel';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import { Paragraph } from '../../../../ui/Text';
import { useToast } from '../../../../ui/toast';
import { coinLabel } from '../../lib/format';
import type { AdminRedPacket } from '../../promotions.api';
import { useAdminMutations, useAdminPackets, useSetUserFunding, useUserFunding } from '../../promotions.queries';
import { CancelPacketButton } from '../CancelPacketButton';
import { PacketForm } from '../PacketForm';
import { SharePanel } from '../SharePanel';
import { PacketStatusTag } from '../StatusTags';

const ACCOUNT_COIN_CODES = COINS.filter((c) => c.mode === 'account').map((c) => c.code);

function CreatePacket({ timezone, onCreated }: { timezone: string; onCreated: (p: AdminRedPacket) => void }) {
  const { t } = useTranslation('promotions');
  const { createPacket } = useAdminMutations();
  const idempotencyKey = useIdempotencyKey();
  // Packets created from this form so far: the same fields sent again after a success are a new packet (a new key).
  const created = useRef(0);
  return (
    <PacketForm
      title={t('admin.packets.create')}
      submitLabel={t('admin.packets.submit')}
      successText={t('admin.packets.created')}
      coins={ACCOUNT_COIN_CODES}
      maxShares={PROMO_LIMITS.maxShares}
      maxDays={PROMO_LIMITS.maxDurationDays}
      pending={createPacket.isPending}
      timezone={timezone}
      // One key per packet: a retry of the same fields (a lost answer, a double click) answers the first packet.
      submit={async (body) => {
        const made = await createPacket.mutateAsync({ body: body as NewRedPacket, key: idempotencyKey(JSON.stringify([body, created.current])) });
        created.current++;
        return made;
      }}
      onCreated={onCreated}
    />
  );
}

/** Where users may fund red packets from their own balance (off by default). */
function UserFunding() {
  const { t } = useTranslation('promotions');
  const settings = useUserFunding();
  const save = useSetUserFunding();
  const toast = useToast();
  const [form] = Form.useForm<UserPacketSettings>();
  const allCoins = Form.useWatch('all_coins', form);
  if (!settings.data) return <PageSpinner />;
  return (
    <Panel title={t('admin.funding.title')} style={{ maxWidth: 720 }}>
      <Paragraph tone="secondary">{t('admin.funding.hint')}</Paragraph>
      <Form<UserPacketSettings>
        form={form}
        layout="vertical"
        initialValues={settings.data}
        onFinish={async (v) => {
          try {
            await save.mutateAsync({ all_coins: v.all_coins, coins: v.coins ?? [] });
            toast.success(t('admin.funding.saved'));
          } catch (error) {
            showFormError(form, error);
          }
        }}
      >
        <Form.Item name="all_coins" label={t('admin.funding.all_coins')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="coins" label={t('admin.funding.coins')} hidden={allCoins === true}>
          <Select mode="multiple" allowClear options={COINS.filter((c) => c.mode === 'account').map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))} />
        </Form.Item>
        <Button htmlType="submit" loading={save.isPending}>
          {t('admin.funding.save')}
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
  const { cancelPacket } = useAdminMutations();
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
        <Flex gap={8} justify="flex-end" wrap>
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => setSharing(p)}>
            {t('admin.packets.share')}
          </Button>
          <CancelPacketButton packet={p} cancel={(id) => cancelPacket.mutateAsync(id)} />
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <CreatePacket timezone={timezone} onCreated={setSharing} />
      <UserFunding />
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
