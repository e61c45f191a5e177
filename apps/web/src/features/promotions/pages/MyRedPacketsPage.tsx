// /user/red_packet (user.view): the red packets the user received, newest first, with the days
// their hashrate works and the red packet profit credited so far; a row opens its detail. Where
// operators enabled it, the user funds packets from the current sub-account's balance (the budget
// is debited at once; what is left returns when the packet ends) and sees the packets they created
// with their share links, and cancels one while shares are left (the budget of those returns at once).
import { useRef, useState } from 'react';
import { Button, Flex } from 'antd';
import { QrcodeOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatHashrate, nameOf, USER_PACKET_LIMITS, type NewUserRedPacket } from '@hashpool/shared';
import { useIdempotencyKey } from '../../../shell/api/idempotency';
import { UserPage } from '../../../shell/frames/UserPage';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import type { UserMine } from '../../../shell/session/user.api';
import { AmountText } from '../../../ui/AmountText';
import { AppModal } from '../../../ui/AppModal';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph } from '../../../ui/Text';
import { CancelPacketButton } from '../components/CancelPacketButton';
import { PacketForm } from '../components/PacketForm';
import { SharePanel } from '../components/SharePanel';
import { PacketStatusTag, ReceiptStatusTag } from '../components/StatusTags';
import { coinLabel } from '../lib/format';
import { promotionsPaths } from '../lib/paths';
import type { AdminRedPacket, ReceiptItem } from '../promotions.api';
import { useCancelMyPacket, useCreatedPackets, useFundPacket, useFunding, useReceipts } from '../promotions.queries';

function Receipts({ mine }: { mine: UserMine }) {
  const { t, i18n } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const navigate = useSafeNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const receipts = useReceipts(page);
  const columns: DataColumn<ReceiptItem>[] = [
    { key: 'name', title: t('receipts.columns.name'), render: (r) => <strong>{nameOf(r, i18n.language)}</strong> },
    { key: 'hashrate', title: t('receipts.columns.hashrate'), render: (r) => `${formatHashrate(r.hashrate)} · ${coinLabel(r.coin)}` },
    { key: 'period', title: t('receipts.columns.period'), render: (r) => `${r.start_day} ~ ${r.end_day}` },
    { key: 'received', title: t('receipts.columns.received'), render: (r) => formatDateTime(r.received_at, mine.timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'paid', title: t('receipts.columns.paid'), align: 'right', render: (r) => <AmountText value={r.paid} coin={r.coin} strong /> },
    { key: 'status', title: t('receipts.columns.status'), render: (r) => <ReceiptStatusTag status={r.status} /> },
    {
      key: 'open',
      align: 'right',
      render: (r) => (
        <SafeLink to={promotionsPaths.receipt(r.packet_id)} onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
          {t('receipts.open')} <RightOutlined />
        </SafeLink>
      ),
    },
  ];
  return (
    <Panel padding={isMobile ? 16 : 24}>
      <Flex vertical gap={16}>
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {t('receipts.hint')}
        </Paragraph>
        {!receipts.data ? (
          receipts.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
        ) : (
          <ResponsiveTable rows={receipts.data.list} rowKey={(r) => r.packet_id} columns={columns} caption={t('receipts.title')} empty={t('receipts.empty')} onRowClick={(r) => navigate(promotionsPaths.receipt(r.packet_id))} cardTestId="receipt" />
        )}
        <Pager page={page} total={receipts.data?.total ?? 0} onChange={(p) => setParams(p > 1 ? { page: String(p) } : {}, { replace: true })} />
      </Flex>
    </Panel>
  );
}

/** The packets the user funded, and the form to fund one where operators enabled it. */
function Created({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const funding = useFunding();
  const created = useCreatedPackets(page);
  const fund = useFundPacket();
  const cancelPacket = useCancelMyPacket();
  const idempotencyKey = useIdempotencyKey();
  // Packets funded from this page so far: the same fields sent again after a success are a new packet (a new key).
  const funded = useRef(0);
  const [sharing, setSharing] = useState<AdminRedPacket | null>(null);
  const coins = funding.data?.coins ?? [];
  const columns: DataColumn<AdminRedPacket>[] = [
    { key: 'name', title: t('created.columns.name'), render: (p) => <strong>{p.name}</strong> },
    { key: 'hashrate', title: t('receipts.columns.hashrate'), render: (p) => `${formatHashrate(p.hashrate)} · ${coinLabel(p.coin)} · ${t('packet.days', { count: p.duration_days })}` },
    { key: 'shares', title: t('admin.packets.received'), render: (p) => `${p.received} / ${p.shares}` },
    { key: 'budget', title: t('admin.packets.paid_budget'), align: 'right', render: (p) => <><AmountText value={p.paid} coin={p.coin} symbol={false} /> / <AmountText value={p.budget} coin={p.coin} /></> },
    { key: 'deadline', title: t('admin.packets.deadline'), render: (p) => formatDateTime(p.activation_deadline, mine.timezone, 'YYYY-MM-DD HH:mm') },
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
  const hasCreated = (created.data?.total ?? 0) > 0;
  if (coins.length === 0 && !hasCreated) return null;
  return (
    <Flex vertical gap={16}>
      {coins.length > 0 && (
        <PacketForm
          title={t('created.create')}
          submitLabel={t('created.submit')}
          successText={t('created.done')}
          note={t('created.note', { account: mine.current_account?.name ?? '' })}
          coins={coins}
          maxShares={USER_PACKET_LIMITS.maxShares}
          maxDays={USER_PACKET_LIMITS.maxDurationDays}
          pending={fund.isPending}
          timezone={mine.timezone}
          payStep={{ mine }}
          // The key follows the packet, not the codes: a retry with a new code is the same packet.
          submit={async (body) => {
            const { pay_password: _pin, verification: _code, ...packet } = body as NewUserRedPacket;
            const made = await fund.mutateAsync({ body: body as NewUserRedPacket, key: idempotencyKey(JSON.stringify([packet, funded.current])) });
            funded.current++;
            return made;
          }}
          onCreated={setSharing}
        />
      )}
      {hasCreated && created.data && (
        <Panel title={t('created.title')} padding={isMobile ? 16 : 24}>
          <ResponsiveTable rows={created.data.list} rowKey={(p) => p.id} columns={columns} caption={t('created.title')} empty={t('created.empty')} cardTestId="created-packet" />
          <Pager page={page} total={created.data.total} onChange={setPage} />
        </Panel>
      )}
      {sharing && (
        <AppModal open title={sharing.name} footer={null} onCancel={() => setSharing(null)}>
          <SharePanel id={sharing.id} size={180} />
        </AppModal>
      )}
    </Flex>
  );
}

export default function MyRedPacketsPage() {
  const { t } = useTranslation('promotions');
  return (
    <UserPage title={t('receipts.title')}>
      {(mine) => (
        <Flex vertical gap={16}>
          <Receipts mine={mine} />
          <Created mine={mine} />
        </Flex>
      )}
    </UserPage>
  );
}
